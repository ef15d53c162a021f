// The dispute forms' checks not yet on the form pattern, as the server's schemas make them
// (domain/disputes/api.ts): the text is trimmed, then measured. The text forms use those schemas.
import { DISPUTE_MESSAGES, DISPUTE_RULES } from '@domain/disputes/messages';

/** The first problem with a text, or null when it fits. */
export function textProblem(
  value: string,
  min: number,
  max: number,
  tooShort: string,
  tooLong: string,
): string | null {
  const length = value.trim().length;
  if (length < min) return tooShort;
  if (length > max) return tooLong;
  return null;
}

export const descriptionProblem = (value: string) =>
  textProblem(
    value,
    DISPUTE_RULES.descriptionMin,
    DISPUTE_RULES.descriptionMax,
    DISPUTE_MESSAGES.descriptionTooShort,
    DISPUTE_MESSAGES.descriptionTooLong,
  );

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

export function photoProblem(file: File | null): string | null {
  if (!file) return DISPUTE_MESSAGES.photoMissing;
  if (!PHOTO_TYPES.includes(file.type)) return DISPUTE_MESSAGES.photoType;
  if (file.size > DISPUTE_RULES.photoMaxBytes) return DISPUTE_MESSAGES.photoTooBig;
  return null;
}

/**
 * How far past its limit a text box lets you type: enough that a long paste is not cut off silently
 * (its 'too long' message says so instead), not so much that a stuck key fills it.
 */
export const typingRoom = (max: number) => max + Math.max(100, Math.floor(max / 10));
