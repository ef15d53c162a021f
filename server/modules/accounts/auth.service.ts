import type { SignInBody, SignUpBody } from '../../../domain/accounts/schemas';
import { AUTH_MESSAGES } from '../../../domain/accounts/schemas';
import type { Config } from '../../config/config';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { violates } from '../../lib/db-errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Queue } from '../../queue/queue';
import { enqueueEmail } from '../notifications';
import {
  consumeEmailToken,
  deleteSession,
  findSessionWithUser,
  findUserByEmail,
  findUserIdsByEmails,
  grantAdmin,
  insertAccount,
  insertEmailToken,
  insertSession,
  isAdmin,
  isSuspended,
  latestEmailTokenAt,
  markEmailVerified,
  recordLastSignIn,
} from './auth.repository';
import { signInLinkEmail, verificationEmail } from './emails';
import { hashPassword, verifyPassword } from './password';
import { type AuthUser, toSessionUser } from './presenters';
import { newSessionTimes } from './session-policy';
import {
  type Counted,
  clearScope,
  deleteStaleThrottles,
  isTrustedDevice,
  releaseAttempt,
  reserveAttempts,
  secondsUntilAllowed,
  type ThrottleRule,
  trustDevice,
} from './sign-in-throttle.repository';

export interface AuthDeps {
  db: Database;
  config: Config;
  queue: Pick<Queue, 'wake'>;
  clock: Clock;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  /** The `tn_device` cookie, if this browser has one. */
  deviceToken?: string | undefined;
}

export interface SignedIn {
  token: string;
  expires: Date;
  user: AuthUser;
  /** Set by sign-in: the device cookie to (re)send. */
  deviceToken?: string;
}

const HOUR = 60 * 60 * 1000;
const VERIFY_LINK_DAYS = 7;
const RESEND_AFTER_MS = 60_000;

// Compared against when the email is unknown, so both answers cost one scrypt and take the same time.
let dummyHash: Promise<string> | undefined;
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  return dummyHash;
}

async function startSession(db: Executor, userId: string, meta: RequestMeta): Promise<SignedIn> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const times = newSessionTimes(new Date(), await isAdmin(db, userId));
  await insertSession(db, {
    tokenHash,
    userId,
    ...times,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  const row = await findSessionWithUser(db, tokenHash);
  return { token, expires: times.absoluteExpiresAt, user: toSessionUser(row!) };
}

async function queueVerification(
  db: Executor,
  config: Config,
  userId: string,
  email: string,
  name: string | null,
) {
  const token = newToken();
  await insertEmailToken(db, {
    tokenHash: hashToken(token),
    userId,
    purpose: 'verify_email',
    expiresAt: new Date(Date.now() + VERIFY_LINK_DAYS * 24 * HOUR),
  });
  await enqueueEmail(db, verificationEmail({ to: email, name, link: `${config.appUrl}/?verify=${token}` }));
}

export async function signUp(deps: AuthDeps, input: SignUpBody, meta: RequestMeta): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  try {
    const signedIn = await deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email))
        throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken);
      const userId = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        fullName: input.fullName,
        userType: input.userType,
      });
      if (deps.config.adminEmails.includes(input.email.toLowerCase())) await grantAdmin(tx, userId);
      await queueVerification(tx, deps.config, userId, input.email, input.fullName);
      return finishSignIn(tx, userId, meta, deps.clock.now());
    });
    deps.queue.wake('email.deliver');
    return signedIn;
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides, with the same answer.
    if (violates(err, 'users_email_lower_unique')) {
      throw AppError.conflict('email_taken', AUTH_MESSAGES.emailTaken);
    }
    throw err;
  }
}

/**
 * Sign-in throttle (decision 0018). Every client gets its own growing delay per account, so an
 * attacker guessing from elsewhere never slows the owner down. Clients the account has never signed in
 * from also share two caps (per account, per address) that stop distributed and one-address guessing;
 * a browser the owner has signed in from before (the device cookie) skips those caps, and an emailed
 * sign-in link always works, so an attacker cannot lock the owner out.
 */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = { kind: 'delay', free: 5, maxDelayS: 15 * 60 };
export const DEVICE_RULE: ThrottleRule = { kind: 'delay', free: 10, maxDelayS: 15 * 60 };
export const ACCOUNT_CAP: ThrottleRule = { kind: 'cap', max: 100 };
export const ADDRESS_CAP: ThrottleRule = { kind: 'cap', max: 300 };
const SIGN_IN_LINK_MINUTES = 15;

export async function signIn(deps: AuthDeps, input: SignInBody, meta: RequestMeta): Promise<SignedIn> {
  const now = deps.clock.now();
  const emailLower = input.email.toLowerCase();
  const user = await findUserByEmail(deps.db, input.email);
  const deviceHash = meta.deviceToken ? hashToken(meta.deviceToken) : undefined;
  const trusted = user && deviceHash ? await isTrustedDevice(deps.db, deviceHash, user.id) : false;
  const counted: Counted[] =
    trusted && user && deviceHash
      ? [{ scope: 'device', key: `${deviceHash} ${user.id}`, rule: DEVICE_RULE }]
      : [
          { scope: 'account_address', key: `${emailLower} ${meta.ip}`, rule: ACCOUNT_ADDRESS_RULE },
          { scope: 'account', key: emailLower, rule: ACCOUNT_CAP },
          { scope: 'address', key: meta.ip, rule: ADDRESS_CAP },
        ];

  // The attempt is counted as a failure before the password is checked, in all scopes or none, by one
  // statement that holds its row locks only while it runs (sign-in-throttle.repository.ts): a burst of
  // guesses at one account never holds the pool's connections waiting for each other.
  const refused = await reserveAttempts(deps.db, counted, now);
  if (refused !== null) {
    const by = counted[refused]!;
    const wait = await secondsUntilAllowed(deps.db, by.scope, by.key, by.rule, now);
    const message = by.rule.kind === 'cap' ? AUTH_MESSAGES.accountProtected : AUTH_MESSAGES.tooManyAttempts;
    throw new AppError(429, 'too_many_attempts', message, undefined, wait);
  }

  // scrypt runs with no transaction open and no connection held: it takes a worker thread for a while.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await warmUpDummyHash()));
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  if (user.suspendedAt) throw new AppError(403, 'account_suspended', AUTH_MESSAGES.suspended);

  const signedIn = await deps.db.transaction((tx) => finishSignIn(tx, user.id, meta, now));
  // The reservation is given back after the session commits, each counter in a statement of its own:
  // inside that transaction the account's counter would stay locked (and a burst of guesses at it
  // would wait, holding connections) for all of the session's round trips. Lost in a crash, it only
  // leaves one failure counted.
  for (const c of counted) {
    if (c.rule.kind === 'delay') await clearScope(deps.db, c.scope, c.key);
    else await releaseAttempt(deps.db, c.scope, c.key);
  }
  return signedIn;
}

/** A session, and this browser remembered as one the account signs in from. */
async function finishSignIn(tx: Executor, userId: string, meta: RequestMeta, now: Date): Promise<SignedIn> {
  const deviceToken = meta.deviceToken ?? newToken();
  await trustDevice(tx, hashToken(deviceToken), userId, now);
  await recordLastSignIn(tx, userId, now);
  return { ...(await startSession(tx, userId, meta)), deviceToken };
}

/** The hourly job: a counter untouched for a day has long stopped refusing anything. */
export async function pruneSignInThrottles(deps: Pick<AuthDeps, 'db' | 'clock'>): Promise<void> {
  await deleteStaleThrottles(deps.db, new Date(deps.clock.now().getTime() - 24 * HOUR));
}

/**
 * Emails a one-time sign-in link. The answer is the same whatever the email, and at most one link a
 * minute goes to an account, so the endpoint neither reveals accounts nor floods a mailbox.
 */
export async function sendSignInLink(deps: AuthDeps, email: string): Promise<void> {
  const now = deps.clock.now();
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.suspendedAt) return;
  const queued = await deps.db.transaction(async (tx) => {
    const last = await latestEmailTokenAt(tx, user.id, 'sign_in');
    if (last && now.getTime() - last.getTime() < RESEND_AFTER_MS) return false;
    const token = newToken();
    await insertEmailToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'sign_in',
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueEmail(
      tx,
      signInLinkEmail({
        to: user.email,
        link: `${deps.config.appUrl}/auth?signin=${token}`,
        minutes: SIGN_IN_LINK_MINUTES,
      }),
    );
    return true;
  });
  if (queued) deps.queue.wake('email.deliver');
}

/** Signs in with an emailed link: it proves the mailbox, so the address counts as confirmed too. */
export async function redeemSignInLink(deps: AuthDeps, token: string, meta: RequestMeta): Promise<SignedIn> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, hashToken(token), 'sign_in', now);
    if (!userId) throw new AppError(400, 'invalid_token', AUTH_MESSAGES.invalidSignInLink);
    if (await isSuspended(tx, userId)) throw new AppError(403, 'account_suspended', AUTH_MESSAGES.suspended);
    await markEmailVerified(tx, userId, now);
    return finishSignIn(tx, userId, meta, now);
  });
}

export async function signOut(deps: AuthDeps, sessionHash: string): Promise<void> {
  await deleteSession(deps.db, sessionHash);
}

/** Confirms an email address; returns the id of the account it belongs to. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const userId = await consumeEmailToken(tx, hashToken(token), 'verify_email', now);
    if (!userId) throw new AppError(400, 'invalid_token', AUTH_MESSAGES.invalidVerificationLink);
    await markEmailVerified(tx, userId, now);
    return userId;
  });
}

export async function resendVerification(deps: AuthDeps, user: AuthUser): Promise<void> {
  if (user.emailVerified) return;
  await deps.db.transaction(async (tx) => {
    const last = await latestEmailTokenAt(tx, user.id, 'verify_email');
    if (last && Date.now() - last.getTime() < RESEND_AFTER_MS) {
      throw new AppError(
        429,
        'too_soon',
        'We sent you an email a moment ago. Please wait a minute before asking again.',
      );
    }
    await queueVerification(tx, deps.config, user.id, user.email, user.fullName);
  });
  deps.queue.wake('email.deliver');
}

/** ADMIN_EMAILS: accounts that exist when the server starts become admins (idempotent). */
export async function grantConfiguredAdmins(db: Database, emails: string[]): Promise<number> {
  const ids = await findUserIdsByEmails(db, emails);
  for (const { id } of ids) await grantAdmin(db, id);
  return ids.length;
}
