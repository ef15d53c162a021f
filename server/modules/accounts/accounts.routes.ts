import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsResponse } from '../../../domain/accounts/api';
import { ChangePasswordBody, DeleteAccountBody, UpdateSettingsBody } from '../../../domain/accounts/schemas';
import type { Config } from '../../config/config';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import {
  type AccountDeps,
  changePassword,
  changeSettings,
  deleteAccount,
  exportAccount,
} from './accounts.service';
import { clearSessionCookie } from './sessions';

const doc = openApiDoc('account');

export const accountRoutes =
  (deps: AccountDeps & { config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/account/settings',
      doc('Change one or more Settings switches', {
        body: UpdateSettingsBody,
        response: { 200: SettingsResponse },
      }),
      async (request) => ({ settings: await changeSettings(deps, requireUser(request), request.body) }),
    );

    app.post(
      '/account/password',
      doc('Change the password; every other session ends', { body: ChangePasswordBody }),
      async (request, reply) => {
        await changePassword(deps, requireUser(request), request.body, request.ip);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/account',
      doc('Delete the account: personal data erased, sessions ended', { body: DeleteAccountBody }),
      async (request, reply) => {
        await deleteAccount(deps, requireUser(request), request.body.password, request.ip, request.log);
        clearSessionCookie(reply, deps.config);
        return reply.status(204).send();
      },
    );

    app.get(
      '/account/export',
      doc('Download everything stored about the account as JSON'),
      async (request, reply) => {
        const { exportedAt, json } = await exportAccount(deps, requireUser(request));
        return reply
          .header(
            'content-disposition',
            `attachment; filename="tradenest-my-data-${exportedAt.slice(0, 10)}.json"`,
          )
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(json);
      },
    );
  };
