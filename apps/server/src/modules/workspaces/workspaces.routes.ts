import {
  deleteWorkspaceSchema,
  updateWorkspaceUserSchema,
  workspaceDeletionSchema,
  workspaceSecuritySchema,
  workspaceUserSchema,
  workspaceUsersResponseSchema,
} from '@graphium/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { access, actorOf, memberOf } from '../../http/access.js';
import {
  getWorkspaceDeletion,
  requestWorkspaceDeletion,
  restoreWorkspace,
} from './workspace-deletion.service.js';
import { getWorkspaceSecurity, setWorkspaceSecurity } from './workspace-security.service.js';
import { listWorkspaceUsers, updateWorkspaceUser } from './workspaces.service.js';

export const workspaceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/workspaces/users',
    {
      schema: { tags: ['workspaces'], response: { 200: workspaceUsersResponseSchema } },
      config: { access: access.member() },
    },
    async (request) => listWorkspaceUsers(ctx, actorOf(request)),
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
      config: { access: access.member('admin') },
    },
    async (request) => updateWorkspaceUser(ctx, actorOf(request), request.params.accountId, request.body),
  );

  app.get(
    '/workspaces/security',
    {
      schema: { tags: ['workspaces'], response: { 200: workspaceSecuritySchema } },
      config: { access: access.member('admin') },
    },
    async (request) => getWorkspaceSecurity(ctx, actorOf(request)),
  );

  app.patch(
    '/workspaces/security',
    {
      schema: {
        tags: ['workspaces'],
        body: workspaceSecuritySchema,
        response: { 200: workspaceSecuritySchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => setWorkspaceSecurity(ctx, memberOf(request), request.body),
  );

  // Deleting the workspace (decision 044): open while it waits, so its admins can restore it.
  app.get(
    '/workspaces/deletion',
    {
      schema: { tags: ['workspaces'], response: { 200: workspaceDeletionSchema } },
      config: { access: access.member(), duringWorkspaceDeletion: true },
    },
    async (request) => getWorkspaceDeletion(ctx, memberOf(request)),
  );

  app.post(
    '/workspaces/deletion',
    {
      schema: {
        tags: ['workspaces'],
        body: deleteWorkspaceSchema,
        response: { 200: workspaceDeletionSchema },
      },
      config: { access: access.member('admin') },
    },
    async (request) => requestWorkspaceDeletion(ctx, memberOf(request), request.body.confirmation),
  );

  app.delete(
    '/workspaces/deletion',
    {
      schema: { tags: ['workspaces'], response: { 200: workspaceDeletionSchema } },
      config: { access: access.member('admin'), duringWorkspaceDeletion: true },
    },
    async (request) => restoreWorkspace(ctx, memberOf(request)),
  );
};
