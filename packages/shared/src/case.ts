import { z } from 'zod';
import { pageSizeOptions } from './pagination.js';

// Follow-up cases (decision 019): each fired alert opens a case that a member owns until it
// is resolved; its history records every change, the replies to the respondent and their failures.

const caseStatuses = ['open', 'in_progress', 'resolved', 'dismissed'] as const;
const caseStatusSchema = z.enum(caseStatuses, { error: 'Choose a status' });
export type CaseStatus = z.infer<typeof caseStatusSchema>;

export const caseStatusLabels: Record<CaseStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/**
 * Open → In progress → Resolved or Dismissed; Open may also be resolved or dismissed at once, and a
 * closed case reopens (back to Open).
 */
const nextStatuses: Record<CaseStatus, readonly CaseStatus[]> = {
  open: ['in_progress', 'resolved', 'dismissed'],
  in_progress: ['resolved', 'dismissed', 'open'],
  resolved: ['open'],
  dismissed: ['open'],
};

export function canMoveCase(from: CaseStatus, to: CaseStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** The statuses a case in `status` may move to. */
export function nextCaseStatuses(status: CaseStatus): readonly CaseStatus[] {
  return nextStatuses[status];
}

const caseEventTypes = [
  'created',
  'assigned',
  'status_changed',
  'note',
  'reply_sent',
  'reply_failed',
  'escalated',
] as const;

const replyChannels = ['email', 'sms'] as const;
export type ReplyChannel = (typeof replyChannels)[number];

const personSchema = z.object({ accountId: z.uuid(), name: z.string(), emailAddress: z.string() });
export type CasePerson = z.infer<typeof personSchema>;

/** What an event carries besides its type: the fields that apply to it. */
export const caseEventDetailsSchema = z.object({
  from: caseStatusSchema.optional(),
  to: caseStatusSchema.optional(),
  assignee: personSchema.nullable().optional(),
  note: z.string().optional(),
  channel: z.enum(replyChannels).optional(),
  recipient: z.string().optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
  outboxId: z.uuid().optional(),
  error: z.string().optional(),
  escalatedTo: z.array(z.string()).optional(),
});
export type CaseEventDetails = z.infer<typeof caseEventDetailsSchema>;

const caseEventSchema = z.object({
  caseEventId: z.uuid(),
  type: z.enum(caseEventTypes),
  /** Who did it; absent for what the product did itself (opening, escalating, a failed delivery). */
  actor: personSchema.nullable(),
  createdAt: z.iso.datetime(),
  details: caseEventDetailsSchema,
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

const caseSchema = z.object({
  caseId: z.uuid(),
  status: caseStatusSchema,
  surveyAlertId: z.uuid(),
  alertName: z.string(),
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  templateName: z.string(),
  /** Who answered (`respondentLabel`). */
  respondent: z.string(),
  assignee: personSchema.nullable(),
  dueAt: z.iso.datetime().nullable(),
  /** Due and not closed yet. */
  isOverdue: z.boolean(),
  openedAt: z.iso.datetime(),
  firstResponseAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  escalatedAt: z.iso.datetime().nullable(),
});
export type Case = z.infer<typeof caseSchema>;

export const caseDetailSchema = caseSchema.extend({
  /** Oldest first. */
  events: z.array(caseEventSchema),
  /** How the respondent can be answered: the survey's e-mail address and phone number. */
  contacts: z.array(z.object({ channel: z.enum(replyChannels), recipient: z.string() })),
  /** The survey's property labels, the `[tokens]` a reply may use. */
  tokens: z.array(z.string()),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

const optionalDate = z.iso.date('Enter a date as YYYY-MM-DD').optional();

/** `GET /cases`: filters and paging; `assignee` is an account id, `me` or `none`. */
export const casesQuerySchema = z.object({
  status: caseStatusSchema.optional(),
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid('Choose a member')]).optional(),
  templateId: z.uuid('Choose a template').optional(),
  surveyId: z.uuid('Survey not found').optional(),
  overdue: z.enum(['true', 'false']).optional(),
  openedFrom: optionalDate,
  openedTo: optionalDate,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (pageSizeOptions as readonly number[]).includes(value), 'Choose 10, 25, 50 or 100')
    .default(25),
});
export type CasesQuery = z.input<typeof casesQuerySchema>;

export const casesResponseSchema = z.object({
  cases: z.array(caseSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
});
export type CasesResponse = z.infer<typeof casesResponseSchema>;

export const caseIdParamsSchema = z.object({ id: z.uuid('Case not found') });

/** `PATCH /cases/{id}`: a new status, a new assignee (null: nobody), or both. */
export const updateCaseSchema = z
  .object({
    status: caseStatusSchema.optional(),
    assigneeId: z.uuid('Choose a member of the workspace').nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.assigneeId !== undefined, {
    message: 'Change the status or the assignee',
  });
export type UpdateCase = z.infer<typeof updateCaseSchema>;

export const addCaseNoteSchema = z.object({
  note: z
    .string({ error: 'Write a note' })
    .trim()
    .min(1, 'Write a note')
    .max(5000, 'A note must be at most 5000 characters'),
});
export type AddCaseNote = z.infer<typeof addCaseNoteSchema>;

export const bulkCasesSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('assign'),
      caseIds: z.array(z.uuid('Case not found')).min(1, 'Select at least one case').max(100),
      assigneeId: z.uuid('Choose a member of the workspace').nullable(),
    }),
    z.object({
      action: z.literal('resolve'),
      caseIds: z.array(z.uuid('Case not found')).min(1, 'Select at least one case').max(100),
    }),
  ],
  { error: 'Choose assign or resolve' },
);
export type BulkCases = z.infer<typeof bulkCasesSchema>;

export const bulkCasesResponseSchema = z.object({ cases: z.array(caseSchema) });

/** `POST /cases/{id}/reply`: a message to the respondent; `[Property]` tokens are filled. */
export const caseReplySchema = z
  .object({
    channel: z.enum(replyChannels, { error: 'Choose e-mail or SMS' }),
    subject: z.string().trim().max(200, 'The subject must be at most 200 characters').default(''),
    body: z
      .string({ error: 'Write a message' })
      .trim()
      .min(1, 'Write a message')
      .max(5000, 'The message must be at most 5000 characters'),
  })
  .superRefine((reply, context) => {
    if (reply.channel === 'email' && reply.subject === '') {
      context.addIssue({ code: 'custom', path: ['subject'], message: 'Write a subject' });
    }
    if (reply.channel === 'sms' && reply.body.length > 1000) {
      context.addIssue({ code: 'custom', path: ['body'], message: 'An SMS must be at most 1000 characters' });
    }
  });
export type CaseReply = z.input<typeof caseReplySchema>;

/** Members a case can be given to: active editors and admins (viewers only read cases). */
export const caseAssigneesSchema = z.object({ assignees: z.array(personSchema) });
export type CaseAssignees = z.infer<typeof caseAssigneesSchema>;

/** `GET /cases/figures`: for the responses summary; times in seconds, null without any. */
export const caseFiguresQuerySchema = z.object({ templateId: z.uuid('Template not found').optional() });
export const caseFiguresSchema = z.object({
  opened: z.int(),
  resolved: z.int(),
  medianSecondsToFirstResponse: z.number().nullable(),
  medianSecondsToResolution: z.number().nullable(),
});
export type CaseFigures = z.infer<typeof caseFiguresSchema>;

/** A duration as the summary shows it: "45 min", "3.5 h", "2.1 days". */
export function formatCaseDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

export const viewerCaseReason = "Viewers can't change cases.";

/** The staff app's address of a case (e-mails prefix the app's URL). */
export function casePath(caseId: string): string {
  return `/alerts/cases/${encodeURIComponent(caseId)}`;
}
