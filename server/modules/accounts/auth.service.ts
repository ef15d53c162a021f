import type { SignInBody, SignUpBody } from '../../../domain/accounts/schemas';
import { AUTH_MESSAGES } from '../../../domain/accounts/schemas';
import type { Config } from '../../config/config';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { violates } from '../../lib/db-errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Queue } from '../../queue/queue';
import { enqueueEmail } from '../notifications';
import {
  consumeEmailToken,
  countRecentFailures,
  deleteSession,
  findSessionWithUser,
  findUserByEmail,
  findUserIdsByEmails,
  grantAdmin,
  insertAccount,
  insertEmailToken,
  insertSession,
  isAdmin,
  latestEmailTokenAt,
  markEmailVerified,
  recordLastSignIn,
  recordSignInAttempt,
} from './auth.repository';
import { verificationEmail } from './emails';
import { hashPassword, verifyPassword } from './password';
import { type AuthUser, toSessionUser } from './presenters';
import { newSessionTimes } from './session-policy';

export interface AuthDeps {
  db: Database;
  config: Config;
  queue: Pick<Queue, 'wake'>;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  token: string;
  expires: Date;
  user: AuthUser;
}

// Failed sign-ins tolerated per hour before refusing: per account (the spec's 101st failure is
// refused) and per address (a higher bar, since many people can share one office or mobile network).
export const MAX_FAILURES_PER_ACCOUNT = 100;
export const MAX_FAILURES_PER_IP = 300;
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
      return startSession(tx, userId, meta);
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

export async function signIn(deps: AuthDeps, input: SignInBody, meta: RequestMeta): Promise<SignedIn> {
  const emailLower = input.email.toLowerCase();
  const since = new Date(Date.now() - HOUR);
  const [byAccount, byIp] = await Promise.all([
    countRecentFailures(deps.db, { emailLower }, since),
    countRecentFailures(deps.db, { ip: meta.ip }, since),
  ]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_IP) {
    throw new AppError(429, 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts);
  }

  const user = await findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await warmUpDummyHash()));
  if (!user || !valid) {
    await recordSignInAttempt(deps.db, emailLower, meta.ip, false);
    throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  }
  if (user.suspendedAt) throw new AppError(403, 'account_suspended', AUTH_MESSAGES.suspended);

  return deps.db.transaction(async (tx) => {
    await recordSignInAttempt(tx, emailLower, meta.ip, true);
    await recordLastSignIn(tx, user.id, new Date());
    return startSession(tx, user.id, meta);
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
