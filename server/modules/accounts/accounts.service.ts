import { AUTH_MESSAGES, type Settings } from '../../../domain/accounts/schemas';
import type { FileStorage } from '../../adapters/storage';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { deleteQuietly, type Logger } from '../../lib/stored-files';
import type { AuthContext } from '../../plugins/auth-context';
import type { Queue } from '../../queue/queue';
import { recordAudit } from '../audit';
import { enqueueEmail } from '../notifications';
import {
  accountDocument,
  eraseAccount,
  setPasswordHash,
  storedFileKeys,
  updateSettings,
} from './accounts.repository';
import { deleteSessionsOfUser, findPasswordHash } from './auth.repository';
import { passwordChangedEmail } from './emails';
import { hashPassword, verifyPassword } from './password';

export interface AccountDeps {
  db: Database;
  config: Pick<Config, 'appUrl'>;
  /** Sends the security email at once after the commit. */
  queue: Pick<Queue, 'wake'>;
  /** Where the account's uploads live; its files are deleted with it. */
  storage?: FileStorage;
}

async function checkPassword(db: Database, userId: string, password: string): Promise<void> {
  const stored = await findPasswordHash(db, userId);
  if (!stored || !(await verifyPassword(password, stored))) {
    throw new AppError(400, 'wrong_password', AUTH_MESSAGES.wrongPassword, [
      { field: 'password', message: AUTH_MESSAGES.wrongPassword },
    ]);
  }
}

export function changeSettings(deps: AccountDeps, auth: AuthContext, changes: Partial<Settings>) {
  return updateSettings(deps.db, auth.user.id, changes);
}

/** A new password ends every other session: whoever else had the old one is signed out. */
export async function changePassword(
  deps: AccountDeps,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  await checkPassword(deps.db, auth.user.id, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.user.id, passwordHash);
    await deleteSessionsOfUser(tx, auth.user.id, auth.sessionHash);
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: 'password_changed',
      entityType: 'user',
      entityId: auth.user.id,
      ip,
    });
    await enqueueEmail(
      tx,
      passwordChangedEmail({
        to: auth.user.email,
        name: auth.user.fullName,
        appUrl: deps.config.appUrl,
        at: new Date(),
      }),
    );
  });
  deps.queue.wake('email.deliver');
}

export async function deleteAccount(
  deps: AccountDeps,
  auth: AuthContext,
  password: string,
  ip: string,
  log: Logger,
): Promise<void> {
  await checkPassword(deps.db, auth.user.id, password);
  const files = await deps.db.transaction(async (tx) => {
    // Read before erasing: the profile picture's URL is cleared with the rest of the profile.
    const keys = await storedFileKeys(tx, auth.user.id);
    await eraseAccount(tx, auth.user.id, new Date());
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: 'account_deleted',
      entityType: 'user',
      entityId: auth.user.id,
      ip,
    });
    return keys;
  });
  // Only once the erasure has committed: the profile picture and the verification documents (ID,
  // insurance), which are personal data like the rest.
  if (deps.storage) {
    for (const key of files) await deleteQuietly(deps.storage, key, log);
  }
}

/** "Download my data": the file's JSON text, and when it was made (which also names the file). */
export async function exportAccount(deps: AccountDeps, auth: AuthContext) {
  const exportedAt = new Date().toISOString();
  return { exportedAt, json: await accountDocument(deps.db, auth.user.id, exportedAt) };
}
