import { invitationSchema, inviteUserSchema, pendingInvitationSchema } from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { getSession, requireAccount, requireMember, setContextCookies } from '../../http/request-context.js';
import { acceptInvitation, getInvitation, inviteUser, withdrawInvitation } from './invitations.service.js';

const invitationParams = z.object({ id: z.uuid('Invitation not found') });

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/workspaces/invite',
    { schema: { tags: ['invitations'], body: inviteUserSchema, response: { 201: pendingInvitationSchema } } },
    async (request, reply) => {
      const member = await requireMember(ctx, request, 'admin');
      return reply.status(201).send(await inviteUser(ctx, member, request.body));
    },
  );

  app.get(
    '/workspaces/invitation/:id',
    {
      schema: {
        tags: ['invitations'],
        security: [],
        params: invitationParams,
        response: { 200: invitationSchema },
      },
    },
    async (request) => {
      const viewer = await getSession(ctx, request);
      return getInvitation(ctx, request.params.id, viewer?.accountId);
    },
  );

  app.patch(
    '/workspaces/invitation/:id/accept',
    {
      schema: {
        tags: ['invitations'],
        params: invitationParams,
        response: { 200: z.object({ workspaceId: z.uuid(), workspaceName: z.string() }) },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(ctx, request);
      const joined = await acceptInvitation(ctx, request.params.id, account);
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
    { schema: { tags: ['invitations'], params: invitationParams } },
    async (request, reply) => {
      const member = await requireMember(ctx, request, 'admin');
      await withdrawInvitation(ctx, member, request.params.id);
      return reply.status(204).send();
    },
  );
};
