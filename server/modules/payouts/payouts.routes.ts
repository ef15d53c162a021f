import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConnectStatus, EarningsView, OnboardingLinkBody, UrlResponse } from '../../../domain/payments/api';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
import { connectStatus, createConnectAccount, onboardingLink } from './connect.service';
import { earnings } from './earnings';

const doc = openApiDoc('payments');

// The tradesperson's payout account at the provider and their earnings (docs/api/payouts.md). Thin:
// the services own the rules.

export const payoutRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payments/connect/status',
      doc("check-connect-status: the tradesperson's payout account, read from the provider", {
        response: { 200: ConnectStatus },
      }),
      async (request) => connectStatus(deps, requireUser(request)),
    );

    app.post(
      '/payments/connect/account',
      doc("create-connect-account: the tradesperson's payout account at the provider (once)", {
        response: { 200: ConnectStatus },
      }),
      async (request) => createConnectAccount(deps, requireUser(request)),
    );

    app.post(
      '/payments/connect/onboarding-link',
      doc("create-onboarding-link: the provider's onboarding or update page", {
        body: OnboardingLinkBody,
        response: { 200: UrlResponse },
      }),
      async (request) => onboardingLink(deps, requireUser(request), request.body.type),
    );

    app.get(
      '/payments/earnings',
      doc("A tradesperson's money: held, payable, paid out, fees, payouts, months", {
        response: { 200: EarningsView },
      }),
      async (request) => {
        const auth = requireUser(request);
        if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
        return earnings(deps, auth);
      },
    );
  };
