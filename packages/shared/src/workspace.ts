import { z } from 'zod';
import { workspaceRoleSchema } from './account.js';

/** Invite User modal (docs/product-rules.md#workspaces-roles-and-invitations). */
export const inviteUserSchema = z.object({
  emailAddress: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email address is required')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  role: workspaceRoleSchema.default('editor'),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

export const workspaceUserSchema = z.object({
  accountId: z.uuid(),
  role: workspaceRoleSchema,
  /**
   * The membership; a user counts as active only if membership and account are
   * (docs/product-rules.md#workspaces-roles-and-invitations).
   */
  isActive: z.boolean(),
  joinedAt: z.iso.datetime(),
  account: z.object({
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    isActive: z.boolean(),
  }),
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

export const pendingInvitationSchema = z.object({
  workspaceInvitationId: z.uuid(),
  emailAddress: z.string(),
  role: workspaceRoleSchema,
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** `GET /workspaces/users`: members plus the invitations still waiting for an answer. */
export const workspaceUsersResponseSchema = z.object({
  users: z.array(workspaceUserSchema),
  invitations: z.array(pendingInvitationSchema),
});

export const updateWorkspaceUserSchema = z
  .object({
    role: workspaceRoleSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((value) => value.role !== undefined || value.isActive !== undefined, {
    message: 'Change the role or the status',
  });
export type UpdateWorkspaceUser = z.infer<typeof updateWorkspaceUserSchema>;

/** `GET /workspaces/invitation/{id}` (docs/product-rules.md#workspaces-roles-and-invitations). */
export const invitationSchema = z.object({
  workspaceId: z.uuid(),
  workspaceInvitationId: z.uuid(),
  workspaceName: z.string(),
  workspaceMemberCount: z.number().int(),
  workspaceSettings: z.object({ workspaceLogoUrl: z.string().nullable() }),
  emailAddress: z.string(),
  role: workspaceRoleSchema,
  isExistingAccount: z.boolean(),
  isWorkspaceMember: z.boolean(),
  isAccepted: z.boolean(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Invitations are valid for 7 days (docs/product-rules.md#workspaces-roles-and-invitations). */
export const invitationValidityDays = 7;

export function isInvitationExpired(expiresAt: string | Date, now: Date = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}
