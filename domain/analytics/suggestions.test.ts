import { describe, expect, it } from 'vitest';
import type { AnalyticsFigures, AreaFigures } from './api';
import { durationText, suggestionsFor } from './suggestions';

const both = (current: number, previous = 0) => ({ current, previous });
const none = { current: null, previous: null };

function figures(overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures {
  return {
    profileViews: both(0),
    searchAppearances: both(0),
    quotesSent: both(0),
    quotesWon: both(0),
    quotesDecided: both(0),
    winRate: none,
    medianResponseMinutes: none,
    areaMedianResponseMinutes: none,
    jobsCompleted: both(0),
    earningsPence: both(0),
    averageRating: none,
    reviewCount: both(0),
    repeatCustomers: both(0),
    completedWithoutReview: 0,
    ...overrides,
  };
}

const area = (overrides: Partial<AreaFigures> = {}): AreaFigures => ({
  quotes: { decided: 0, won: 0 },
  fast: { decided: 0, won: 0 },
  slow: { decided: 0, won: 0 },
  ...overrides,
});

describe('analytics suggestions', () => {
  it('says nothing without data', () => {
    expect(suggestionsFor('30d', figures(), null)).toEqual([]);
    expect(suggestionsFor('30d', figures(), area())).toEqual([]);
  });

  it('compares a slow answer with the area’s fast and slow quotes when both groups have 10 decided', () => {
    const slowAnswer = figures({ medianResponseMinutes: { current: 19 * 60, previous: null } });
    const groups = area({ fast: { decided: 10, won: 6 }, slow: { decided: 20, won: 6 } });
    expect(suggestionsFor('30d', slowAnswer, groups)).toEqual([
      {
        kind: 'response_time',
        text: 'You answer in 19 h on median; tradespeople who quote within 4 h win 2.0× as often in your area.',
        basis:
          "Quotes in your area within 4 h of the job's posting: 6 won of 10 (60%); later quotes: 6 won of 20 (30%).",
      },
    ]);
    // One group short of 10, a quick answer, or no real difference: no suggestion.
    expect(suggestionsFor('30d', slowAnswer, area({ ...groups, fast: { decided: 9, won: 6 } }))).toEqual([]);
    const quick = figures({ medianResponseMinutes: { current: 180, previous: null } });
    expect(suggestionsFor('30d', quick, groups)).toEqual([]);
    const even = area({ fast: { decided: 10, won: 3 }, slow: { decided: 20, won: 6 } });
    expect(suggestionsFor('30d', slowAnswer, even)).toEqual([]);
  });

  it('compares the win rate with the area’s when both stand on enough decided quotes', () => {
    const mine = figures({ quotesDecided: both(10), quotesWon: both(1) });
    const theirs = area({ quotes: { decided: 40, won: 12 } });
    expect(suggestionsFor('90d', mine, theirs)).toEqual([
      {
        kind: 'win_rate',
        text: 'You win 10% of your quotes against 30% in your area: a clear breakdown of labour and materials and a start date help customers choose you.',
        basis: 'Yours: 1 won of 10 (10%); your area: 12 won of 40 (30%).',
      },
    ]);
    const better = figures({ quotesDecided: both(5), quotesWon: both(4) });
    expect(suggestionsFor('90d', better, theirs)[0]?.text).toBe(
      'You win 80% of your quotes against 30% in your area: keep quoting the way you do.',
    );
    expect(suggestionsFor('90d', figures({ quotesDecided: both(4), quotesWon: both(0) }), theirs)).toEqual(
      [],
    );
  });

  it('asks for reviews after completed jobs without one', () => {
    expect(
      suggestionsFor('30d', figures({ completedWithoutReview: 3, jobsCompleted: both(3) }), null),
    ).toEqual([
      {
        kind: 'ask_for_reviews',
        text: 'You have no reviews from the last 30 days yet: ask the customers of your completed jobs to leave one.',
        basis: '3 jobs completed in the last 30 days have no review from the customer yet.',
      },
    ]);
    const someReviews = figures({ completedWithoutReview: 1, reviewCount: both(2) });
    expect(suggestionsFor('12m', someReviews, null)).toEqual([
      {
        kind: 'ask_for_reviews',
        text: 'Ask the customers of your completed jobs for a review: reviews help new customers choose you.',
        basis: '1 job completed in the last 12 months has no review from the customer yet.',
      },
    ]);
  });

  it('tells of profile views up or down by a fifth or more, from at least 10 before', () => {
    expect(suggestionsFor('30d', figures({ profileViews: both(16, 10) }), null)).toEqual([
      {
        kind: 'profile_views',
        text: 'Your profile views are up 60%: answer new jobs quickly while more customers are looking.',
        basis: '16 views in the last 30 days, 10 views in the 30 days before.',
      },
    ]);
    expect(suggestionsFor('30d', figures({ profileViews: both(6, 10) }), null)[0]?.text).toBe(
      'Your profile views are down 40%: photos of your work, your specialties and service areas help customers find you.',
    );
    expect(suggestionsFor('30d', figures({ profileViews: both(11, 10) }), null)).toEqual([]);
    expect(suggestionsFor('30d', figures({ profileViews: both(9, 1) }), null)).toEqual([]);
  });

  it('writes durations in minutes, hours or days', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(19 * 60 + 20)).toBe('19 h');
    expect(durationText(5 * 24 * 60)).toBe('5 days');
  });
});
