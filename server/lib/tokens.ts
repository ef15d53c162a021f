import { createHash, randomBytes } from 'node:crypto';

/** An opaque, URL-safe random token: 256 bits, well above the 128 the session rules ask for. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of tokens are stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
