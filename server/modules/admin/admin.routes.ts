import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOverview,
  AdminUserDetail,
  AdminUsersQuery,
  AdminUsersResponse,
  SuspendBody,
} from '../../../domain/admin/api';
import { openApiDoc } from '../../lib/route-docs';
import { adminOnly, requireAdmin } from '../../plugins/auth-context';
import { type AdminDeps, changeAccount, listUsers, overview, userDetail } from './admin.service';

const doc = openApiDoc('admin');

const IdParams = z.object({ id: z.uuid() });

/** The admin console (docs/api/admin.md): 404 to anyone who is not an admin, before anything is read. */
export const adminRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', adminOnly);

    app.get(
      '/admin/overview',
      doc('Live counts and 12 weeks of sign-ups, jobs posted and money paid', {
        response: { 200: AdminOverview },
      }),
      async () => overview(deps),
    );

    app.get(
      '/admin/users',
      doc('Accounts by name or email, newest first', {
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse },
      }),
      async (request) => listUsers(deps, request.query),
    );

    app.get(
      '/admin/users/:id',
      doc("A user's account, jobs, bookings, documents, sessions and audit trail", {
        params: IdParams,
        response: { 200: AdminUserDetail },
      }),
      async (request) => userDetail(deps, request.params.id),
    );

    app.post(
      '/admin/users/:id/suspend',
      doc('Suspend an account: no sign-in, its sessions end everywhere, hidden from search', {
        params: IdParams,
        body: SuspendBody,
        response: { 200: AdminUserDetail },
      }),
      async (request) =>
        changeAccount(deps, requireAdmin(request), request.params.id, 'suspend', {
          reason: request.body.reason,
          ip: request.ip,
        }),
    );

    // The account actions without a body: the same shape, one table.
    const accountActions = [
      {
        method: 'POST',
        url: '/admin/users/:id/reinstate',
        action: 'reinstate',
        summary: 'Lift a suspension',
      },
      {
        method: 'POST',
        url: '/admin/users/:id/admin',
        action: 'grant-admin',
        summary: 'Grant the admin role',
      },
      {
        method: 'DELETE',
        url: '/admin/users/:id/admin',
        action: 'revoke-admin',
        summary: 'Remove the admin role (its sessions end)',
      },
    ] as const;
    for (const { method, url, action, summary } of accountActions) {
      app.route({
        method,
        url,
        ...doc(summary, { params: IdParams, response: { 200: AdminUserDetail } }),
        handler: async (request) =>
          changeAccount(deps, requireAdmin(request), request.params.id, action, { ip: request.ip }),
      });
    }
  };
