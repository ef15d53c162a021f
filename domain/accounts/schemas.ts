import { z } from 'zod';
import { LIMITS, USER_TYPES } from '../catalog/catalog';
import { SettingsView } from './api';

// Sign-up and sign-in rules (spec section 5), written once: the /auth form and the API both use them,
// so the browser and a hand-made request get the same message.
export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be less than 100 characters',
  passwordRequired: 'Password is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  userType: 'Choose customer or tradesperson',
} as const;

const email = z
  .string({ error: ACCOUNT_MESSAGES.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, ACCOUNT_MESSAGES.emailTooLong)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.invalidEmail }));

const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

const existingPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooLong);

export const SignUpBody = z.object({
  email,
  password: newPassword,
  fullName: z
    .string({ error: ACCOUNT_MESSAGES.nameTooShort })
    .trim()
    .min(LIMITS.nameMin, ACCOUNT_MESSAGES.nameTooShort)
    .max(LIMITS.nameMax, ACCOUNT_MESSAGES.nameTooLong),
  userType: z.enum(USER_TYPES, { error: ACCOUNT_MESSAGES.userType }).default('customer'),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.object({ email, password: existingPassword });
export type SignInBody = z.infer<typeof SignInBody>;

/** Asks for a one-time sign-in link by email: the way in for an owner whose account is under attack. */
export const SignInLinkBody = z.object({ email });
export type SignInLinkBody = z.infer<typeof SignInLinkBody>;
export const RedeemSignInLinkBody = z.object({ token: z.string().min(1).max(200) });
export type RedeemSignInLinkBody = z.infer<typeof RedeemSignInLinkBody>;

export const ChangePasswordBody = z.object({ currentPassword: existingPassword, newPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export const DeleteAccountBody = z.object({ password: existingPassword });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/**
 * The Settings tab's switches (spec section 2), with the spec's defaults. Dark mode starts as no
 * choice (null): the app follows the device's setting, which is off (light) unless the device is dark,
 * until the user picks a theme.
 */
export const SETTINGS_DEFAULTS = {
  emailNotifications: true,
  quoteUpdates: true,
  newMessages: true,
  profileVisible: true,
  showReviewsPublicly: true,
  darkMode: null,
} as const;
export type Settings = {
  -readonly [K in keyof typeof SETTINGS_DEFAULTS]: K extends 'darkMode' ? boolean | null : boolean;
};

export const UpdateSettingsBody = SettingsView.partial().refine((v) => Object.keys(v).length > 0, {
  message: 'Nothing to update',
});

/** Texts the API answers with (not in the spec, which shows the server's message as is). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts:
    'Too many failed sign-in attempts from here. Please wait a few minutes and try again, or email yourself a sign-in link.',
  accountProtected:
    'This account is protected after many failed sign-in attempts. Email yourself a sign-in link, or sign in from a device you have used before.',
  signInLinkSent:
    'If an account uses that email, a sign-in link is on its way. It works once, within 15 minutes.',
  invalidSignInLink: 'This sign-in link is invalid or has expired',
  suspended: 'This account has been suspended. Please contact support.',
  wrongPassword: 'Your current password is not correct',
  invalidVerificationLink: 'This verification link is invalid or has expired',
  signInRequired: 'Please sign in to continue',
  crossSiteRefused: 'This request came from another site and was refused',
} as const;
