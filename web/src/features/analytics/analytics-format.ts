// How the analytics page words its figures: changes against the previous period, durations, rates
// and each chart point's dates, all en-GB.

import type { Compared, ComparedOrNone } from '@domain/analytics/api';
import { type AnalyticsPeriod, addDays, PERIOD_BUCKETS, PERIOD_LABELS } from '@domain/analytics/periods';
import { durationText } from '@domain/analytics/suggestions';
import { formatDateOnly, weekLabel } from '@/lib/format';

export { durationText };

export const percentText = (rate: number) => `${Math.round(rate * 100)}%`;

/** The change against the period before, as an arrow and words (never colour alone). */
export interface Change {
  arrow: '↑' | '↓' | '';
  text: string;
}

/**
 * '↑ 50% on the previous 30 days', '↓ 2 points …' for rates, 'No change …', or what the period before
 * had when a percentage cannot be said ('None in the previous 30 days').
 */
export function changeOf(
  figure: Compared | ComparedOrNone,
  period: AnalyticsPeriod,
  kind: 'count' | 'rate' | 'value' | 'duration',
): Change {
  const { current, previous } = figure;
  const before = `the previous ${PERIOD_LABELS[period]}`;
  if (previous === null || current === null)
    return { arrow: '', text: previous === null ? `None in ${before}` : `Nothing to compare with ${before}` };
  if (current === previous) return { arrow: '', text: `No change on ${before}` };
  const arrow = current > previous ? '↑' : '↓';
  const word = current > previous ? 'Up' : 'Down';
  if (kind === 'rate')
    return { arrow, text: `${word} ${Math.abs(Math.round((current - previous) * 100))} points on ${before}` };
  if (kind === 'duration')
    return {
      arrow,
      text: `${current > previous ? 'Slower' : 'Faster'} than ${durationText(previous)} in ${before}`,
    };
  if (previous === 0) return { arrow, text: `Up from none in ${before}` };
  if (kind === 'value') return { arrow, text: `${word} from ${previous.toFixed(1)} in ${before}` };
  return {
    arrow,
    text: `${word} ${Math.abs(Math.round(((current - previous) / previous) * 100))}% on ${before}`,
  };
}

/** A chart point's short label: its first day ('16 Mar'). */
export const pointLabel = (start: string) => weekLabel(start);

/** A chart point's dates in full: one day, or its first and last day. */
export function pointDates(point: { start: string; end: string }, period: AnalyticsPeriod): string {
  if (PERIOD_BUCKETS[period] === 'day') return formatDateOnly(point.start, 'short');
  return `${weekLabel(point.start)} to ${formatDateOnly(addDays(point.end, -1), 'short')}`;
}
