import type { SessionUser } from '../../../domain/accounts/api';

export interface AuthUser extends SessionUser {}

export function toSessionUser(row: {
  userId: string;
  email: string;
  fullName: string | null;
  userType: string;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
  settings: SessionUser['settings'];
}): AuthUser {
  return {
    id: row.userId,
    email: row.email,
    fullName: row.fullName,
    userType: row.userType === 'tradesperson' ? 'tradesperson' : 'customer',
    isAdmin: Boolean(row.isAdmin),
    emailVerified: row.emailVerifiedAt !== null,
    settings: row.settings,
  };
}
