import { z } from 'zod';
import { normalizePage, normalizePageSize } from './pagination.js';

/** What the audit log records (docs/decisions/017-audit-log.md): `<category>.<verb>`. */
const auditActions = [
  'account.signed-in',
  'account.sign-in-failed',
  'account.password-reset',
  'member.role-changed',
  'member.deactivated',
  'member.reactivated',
  'invitation.sent',
  'invitation.withdrawn',
  'invitation.accepted',
  'api-key.generated',
  'api-key.revoked',
  'logo.set',
  'logo.removed',
  'list.created',
  'list.changed',
  'list.archived',
  'list.imported',
  'template.created',
  'template.edited',
  'template.published',
  'template.unpublished',
  'template.deleted',
  'survey.sent',
  'survey.deleted',
  'respondent.exported',
  'respondent.erased',
  'public-link.created',
  'public-link.changed',
  'public-link.deleted',
  'responses.exported',
  'notification-settings.changed',
  'suppression.added',
  'suppression.removed',
  'contact.created',
  'contact.changed',
  'contact.imported',
  'contact.import-retried',
  'contact-attribute.created',
  'contact-settings.changed',
  'segment.created',
  'segment.changed',
  'segment.deleted',
  'recurring-send.created',
  'recurring-send.changed',
  'recurring-send.paused',
  'recurring-send.resumed',
  'recurring-send.deleted',
  'audit.exported',
  'case.opened',
  'case.assigned',
  'case.status-changed',
  'case.note-added',
  'case.replied',
  'case.escalated',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.disabled',
  'sso.changed',
  'sso.removed',
  'member.joined-through-sso',
  'webhook.secret-rotated',
  'workspace.deletion-requested',
  'workspace.restored',
  'workspace.purged',
  'account.deleted',
  'retention-settings.changed',
  'retention.applied',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditCategories = [...new Set(auditActions.map((action) => action.split('.')[0]!))];

const auditActorKinds = ['member', 'api-key', 'anonymous', 'system'] as const;

const auditEventSchema = z.object({
  auditEventId: z.string(),
  occurredAt: z.string(),
  actor: z.object({
    kind: z.enum(auditActorKinds),
    accountId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    /** The member's e-mail address or the key's name, as they were then. */
    label: z.string(),
  }),
  address: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  /** `before`/`after` for settings, counts for sends, filters for exports. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Use a real date');

const optionalText = z
  .string()
  .trim()
  .max(200, 'Use at most 200 characters')
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Filters and paging of the audit log (its CSV export takes the same filters and no paging); dates
 * are whole UTC days, both included.
 */
export const auditEventsQuerySchema = z
  .object({
    /** An action (`template.published`) or a whole category (`template`). */
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z-]*(\.[a-z-]+)?$/, 'Unknown action')
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    /** Part of the actor's e-mail address or key name. */
    actor: optionalText,
    /** Part of the target's name or id. */
    search: optionalText,
    from: dateOnly.optional(),
    to: dateOnly.optional(),
    page: z.unknown().optional().transform(normalizePage),
    limit: z.unknown().optional().transform(normalizePageSize),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  });
export type AuditEventsQuery = z.output<typeof auditEventsQuerySchema>;
export type AuditEventsQueryInput = z.input<typeof auditEventsQuerySchema>;

export const auditEventsListSchema = z.object({
  events: z.array(auditEventSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type AuditEventsList = z.infer<typeof auditEventsListSchema>;
