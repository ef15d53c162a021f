import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../server/app';
import type { Executor } from '../server/db/client';
import { sessions } from '../server/db/schema';
import { hashToken, newToken } from '../server/lib/tokens';
import { newSessionTimes } from '../server/modules/accounts/session-policy';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${++counter}@example.test`;

/** The `name=value` of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'tn_session' || c.name === '__Host-tn_session');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signUp(
  app: App,
  body: Partial<{ email: string; password: string; fullName: string; userType: string }> = {},
) {
  const payload = {
    email: uniqueEmail(),
    password: 'correct horse',
    fullName: 'Test Person',
    userType: 'customer',
    ...body,
  };
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { ...payload, cookie: sessionCookie(res), user: res.json().user as { id: string } };
}

export function signIn(app: App, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password }, headers });
}

export async function currentUser(app: App, cookie: string) {
  const res = await app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
  return res.json().user as null | { id: string; email: string; isAdmin: boolean; emailVerified: boolean };
}

/**
 * A signed-in session for a user made by the factories, written straight to the database: signing in
 * through the API costs a scrypt hash, which tests that need dozens of users cannot afford.
 */
export async function sessionFor(db: Executor, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, ...newSessionTimes(new Date(), false) });
  return `tn_session=${token}`;
}
