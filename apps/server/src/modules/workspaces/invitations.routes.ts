import { invitationSchema, inviteUserSchema, pendingInvitationSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, accountOf, memberOf, visitorOf } from '../../http/access.js';
import { setContextCookies } from '../../http/credentials.js';
import { acceptInvitation, getInvitation, inviteUser, withdrawInvitation } from './invitations.service.js';

const invitationParams = z.object({ id: z.uuid('Invitation not found') });

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/workspaces/invite',
    {
      schema: { tags: ['invitations'], body: inviteUserSchema, response: { 201: pendingInvitationSchema } },
      config: { access: access.member('admin') },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(ctx, memberOf(request), request.body)),
  );

  app.get(
    '/workspaces/invitation/:id',
    {
      schema: { tags: ['invitations'], params: invitationParams, response: { 200: invitationSchema } },
      // Public: the invitee may not have an account yet.
      config: { access: access.visitor },
    },
    async (request) => getInvitation(ctx, request.params.id, visitorOf(request)?.accountId),
  );

  app.patch(
    '/workspaces/invitation/:id/accept',
    {
      schema: {
        tags: ['invitations'],
        params: invitationParams,
        response: { 200: z.object({ workspaceId: z.uuid(), workspaceName: z.string() }) },
      },
      config: { access: access.account },
    },
    async (request, reply) => {
      const account = accountOf(request);
      const joined = await acceptInvitation(ctx, request.params.id, { ...account, address: request.ip });
      setContextCookies(ctx, reply, {
        accountId: account.accountId,
        workspaceId: joined.workspaceId,
        customerId: joined.customerId,
      });
      return { workspaceId: joined.workspaceId, workspaceName: joined.workspaceName };
    },
  );

  app.delete(
    '/workspaces/invitation/:id',
    {
      schema: { tags: ['invitations'], params: invitationParams },
      config: { access: access.member('admin') },
    },
    async (request, reply) => {
      await withdrawInvitation(ctx, memberOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
