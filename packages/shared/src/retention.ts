import { z } from 'zod';

// Retention and deletions (docs/decisions/044-retention-and-deletions.md).

/** Workspace deletion waits this long; until then an admin can restore it. */
export const workspaceDeletionGraceDays = 7;

/** Outbox message texts are kept this many days unless a workspace says otherwise. */
export const defaultOutboxBodyDays = 30;

const optionalLimit = (max: number, unit: string) =>
  z
    .number()
    .int(`Enter a whole number of ${unit}`)
    .min(1, `Enter at least 1 ${unit.replace(/s$/, '')}`)
    .max(max, `Enter at most ${max} ${unit}`)
    .nullable();

/** Settings → Data retention (admins). Null: kept. */
export const retentionSettingsInputSchema = z.object({
  responseMonths: optionalLimit(240, 'months'),
  unansweredSurveyDays: optionalLimit(3650, 'days'),
  outboxBodyDays: z
    .number()
    .int('Enter a whole number of days')
    .min(1, 'Enter at least 1 day')
    .max(3650, 'Enter at most 3650 days'),
});
export type RetentionSettingsInput = z.infer<typeof retentionSettingsInputSchema>;

const retentionRunReportSchema = z.object({
  responses: z.number().int(),
  unansweredSurveys: z.number().int(),
  outboxBodies: z.number().int(),
});
export type RetentionRunReport = z.infer<typeof retentionRunReportSchema>;

export const retentionSettingsSchema = retentionSettingsInputSchema.extend({
  lastRun: z.object({ ranAt: z.iso.datetime(), removed: retentionRunReportSchema }).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

const confirmationSchema = z.string().trim().min(1, 'Type the name to confirm').max(200);

/** Deleting a template: its name, typed. */
export const deleteTemplateSchema = z.object({ confirmation: confirmationSchema });

/** Deleting the workspace: its name, typed. */
export const deleteWorkspaceSchema = z.object({ confirmation: confirmationSchema });

/** `GET /workspaces/deletion`: whether the selected workspace is waiting to be deleted, and when. */
export const workspaceDeletionSchema = z.object({
  workspaceName: z.string(),
  isProviderWorkspace: z.boolean(),
  deletionRequestedAt: z.iso.datetime().nullable(),
  deletionDueAt: z.iso.datetime().nullable(),
});
export type WorkspaceDeletion = z.infer<typeof workspaceDeletionSchema>;

/** Deleting one's own account: the password, as for a password change (decision 044). */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Password is required').max(256),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Said on every deletion screen: what was copied out before is not reached (decision 044). */
export const ownersResponsibilityNotice =
  'Exports and backups you took before are yours to delete: this does not reach them.';
