import { z } from 'zod';
import { USER_TYPES } from '../catalog/catalog';
import { Email, PersonName, ServerText } from '../fields';

// The accounts API contract: the server validates and serializes with these schemas, and the web
// imports their types only. Request bodies are in ./schemas, shared with the forms.

/** The Settings tab's switches. */
export const SettingsView = z.object({
  emailNotifications: z.boolean(),
  quoteUpdates: z.boolean(),
  newMessages: z.boolean(),
  profileVisible: z.boolean(),
  showReviewsPublicly: z.boolean(),
  /** null: no choice made yet, so the app follows the device's light or dark setting. */
  darkMode: z.boolean().nullable(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const SettingsResponse = z.object({ settings: SettingsView });
export type SettingsResponse = z.infer<typeof SettingsResponse>;

/** What the web app knows about the signed-in user. */
export const SessionUser = z.object({
  id: z.uuid(),
  email: Email,
  fullName: PersonName.nullable(),
  userType: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  settings: SettingsView,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionView = z.object({ user: SessionUser.nullable() });
export type SessionView = z.infer<typeof SessionView>;

export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** The same answer whether or not the email has an account, so it reveals nothing. */
export const SignInLinkSent = z.object({ sent: z.literal(true), message: ServerText });
export type SignInLinkSent = z.infer<typeof SignInLinkSent>;

/** `user` is the signed-in user (verified now if it was their link), or null when signed out. */
export const VerifyEmailResponse = z.object({ verified: z.literal(true), user: SessionUser.nullable() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;
