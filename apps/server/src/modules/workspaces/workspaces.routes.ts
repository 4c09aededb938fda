import {
  updateWorkspaceUserSchema,
  workspaceUserSchema,
  workspaceUsersResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireMember } from '../../http/request-context.js';
import { listWorkspaceUsers, updateWorkspaceUser } from './workspaces.service.js';

export const workspaceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/workspaces/users',
    { schema: { tags: ['workspaces'], response: { 200: workspaceUsersResponseSchema } } },
    async (request) => listWorkspaceUsers(ctx, await requireMember(ctx, request)),
  );

  app.patch(
    '/workspaces/users/:accountId',
    {
      schema: {
        tags: ['workspaces'],
        params: z.object({ accountId: z.uuid('Unknown user') }),
        body: updateWorkspaceUserSchema,
        response: { 200: workspaceUserSchema },
      },
    },
    async (request) => {
      const member = await requireMember(ctx, request, 'admin');
      return updateWorkspaceUser(ctx, member, request.params.accountId, request.body);
    },
  );
};
