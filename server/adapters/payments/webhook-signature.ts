import { createHmac, timingSafeEqual } from 'node:crypto';

// Webhook signatures in the provider's scheme (Stripe's): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">`. The sandbox signs with it and verifies its own, so the app's webhook route checks a
// real signature over the raw body whichever provider is configured.

/** How old a signed timestamp may be: replays of an old, captured webhook are refused. */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(body: string, secret: string, atSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
  return `t=${atSeconds},v1=${mac}`;
}

export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isSafeInteger(t) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex'),
    'utf8',
  );
  return signatures.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
