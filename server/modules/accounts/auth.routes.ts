import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SessionView,
  SignInLinkSent,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '../../../domain/accounts/api';
import {
  AUTH_MESSAGES,
  RedeemSignInLinkBody,
  SignInBody,
  SignInLinkBody,
  SignUpBody,
} from '../../../domain/accounts/schemas';
import type { Config } from '../../config/config';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { NO_SESSION, SESSION_OPTIONAL } from '../../plugins/openapi';
import {
  type AuthDeps,
  type RequestMeta,
  redeemSignInLink,
  resendVerification,
  type SignedIn,
  sendSignInLink,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from './auth.service';
import { clearSessionCookie, deviceCookieName, setDeviceCookie, setSessionCookie } from './sessions';

const doc = openApiDoc('auth');

const meta = (
  request: { ip: string; headers: Record<string, unknown>; cookies: Record<string, string | undefined> },
  config: Config,
): RequestMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  deviceToken: request.cookies[deviceCookieName(config)] || undefined,
});

function setCookies(reply: FastifyReply, config: Config, signedIn: SignedIn) {
  setSessionCookie(reply, config, signedIn.token, signedIn.expires);
  if (signedIn.deviceToken) setDeviceCookie(reply, config, signedIn.deviceToken);
}

/**
 * Ends whatever session the request brought, then signs in and sets the new session's cookies: a new
 * token at every sign-in, so a session id planted before sign-in is never promoted.
 */
async function startSession(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  signInWith: (meta: RequestMeta) => Promise<SignedIn>,
) {
  if (request.auth) await signOut(deps, request.auth.sessionHash);
  const signedIn = await signInWith(meta(request, deps.config));
  setCookies(reply, deps.config, signedIn);
  return { user: signedIn.user };
}

/** Sessions, sign-up, sign-in (by password or emailed link) and email verification. */
export const authRoutes =
  (deps: AuthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    sessionRoutes(app, deps);
    signInLinkRoutes(app, deps);
    emailVerificationRoutes(app, deps);
  };

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The session: read it, sign up, sign in, sign out. */
function sessionRoutes(app: App, deps: AuthDeps): void {
  app.get(
    '/auth/session',
    doc('The signed-in user, or null', { security: SESSION_OPTIONAL, response: { 200: SessionView } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.auth?.user ?? null };
    },
  );

  app.post(
    '/auth/sign-up',
    doc('Create an account and sign in', {
      security: NO_SESSION,
      body: SignUpBody,
      response: { 201: SessionView },
    }),
    async (request, reply) => {
      const signedIn = await signUp(deps, request.body, meta(request, deps.config));
      setCookies(reply, deps.config, signedIn);
      return reply.status(201).send({ user: signedIn.user });
    },
  );

  app.post(
    '/auth/sign-in',
    doc('Sign in', { security: SESSION_OPTIONAL, body: SignInBody, response: { 200: SessionView } }),
    async (request, reply) => {
      return startSession(deps, request, reply, (m) => signIn(deps, request.body, m));
    },
  );

  app.post(
    '/auth/sign-out',
    doc('Sign out and end the session on the server', { security: SESSION_OPTIONAL }),
    async (request, reply) => {
      if (request.auth) await signOut(deps, request.auth.sessionHash);
      clearSessionCookie(reply, deps.config);
      return reply.status(204).send();
    },
  );
}

/** The one-time sign-in link: sent by email, then redeemed. */
function signInLinkRoutes(app: App, deps: AuthDeps): void {
  app.post(
    '/auth/sign-in-link',
    doc('Email a one-time sign-in link (same answer whether or not the account exists)', {
      security: NO_SESSION,
      body: SignInLinkBody,
      response: { 202: SignInLinkSent },
    }),
    async (request, reply) => {
      await sendSignInLink(deps, request.body.email);
      return reply.status(202).send({ sent: true as const, message: AUTH_MESSAGES.signInLinkSent });
    },
  );

  app.post(
    '/auth/sign-in-link/redeem',
    doc('Sign in with the token from an emailed sign-in link', {
      security: SESSION_OPTIONAL,
      body: RedeemSignInLinkBody,
      response: { 200: SessionView },
    }),
    async (request, reply) => {
      return startSession(deps, request, reply, (m) => redeemSignInLink(deps, request.body.token, m));
    },
  );
}

/** Confirming an email address, and sending the email again. */
function emailVerificationRoutes(app: App, deps: AuthDeps): void {
  app.post(
    '/auth/verify-email',
    doc('Confirm an email address with the token from the verification email', {
      security: SESSION_OPTIONAL,
      body: VerifyEmailBody,
      response: { 200: VerifyEmailResponse },
    }),
    async (request) => {
      const verifiedId = await verifyEmail(deps, request.body.token);
      const current = request.auth?.user ?? null;
      const user = current && current.id === verifiedId ? { ...current, emailVerified: true } : current;
      return { verified: true as const, user };
    },
  );

  app.post('/auth/resend-verification', doc('Send the verification email again'), async (request, reply) => {
    await resendVerification(deps, requireUser(request).user);
    return reply.status(204).send();
  });
}
