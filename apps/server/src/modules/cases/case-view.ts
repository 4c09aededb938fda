import {
  type Case,
  type CaseEvent,
  type CaseEventDetails,
  type CasePerson,
  caseEventDetailsSchema,
  respondentLabel,
} from '@graphium/shared';
import type { CaseListRow, findCaseEvents } from './cases.repository.js';

// How a case's rows read on the wire (decision 019).

interface PersonColumns {
  accountId: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
}

export function toPerson(columns: PersonColumns | null): CasePerson | null {
  if (!columns?.accountId) return null;
  return {
    accountId: columns.accountId,
    name: `${columns.firstName ?? ''} ${columns.lastName ?? ''}`.trim() || (columns.emailAddress ?? ''),
    emailAddress: columns.emailAddress ?? '',
  };
}

function isOverdue(row: Pick<CaseListRow['case'], 'status' | 'dueAt'>, now: Date): boolean {
  return (
    (row.status === 'open' || row.status === 'in_progress') &&
    row.dueAt !== null &&
    row.dueAt.getTime() <= now.getTime()
  );
}

/** Who answered, as the case names them; phones in the workspace's way (decision 021). */
export function respondentOfRow(row: CaseListRow, phoneCountry = 'US'): string {
  return respondentLabel(
    Array.isArray(row.definitionProperties)
      ? (row.definitionProperties as { id: string; label: string }[])
      : [],
    (row.surveyProperties ?? {}) as Record<string, unknown>,
    row.contactMethods,
    phoneCountry,
  );
}

export function toCase(row: CaseListRow, now: Date, phoneCountry = 'US'): Case {
  const { case: item } = row;
  return {
    caseId: item.id,
    status: item.status,
    surveyAlertId: item.surveyAlertId,
    alertName: row.alertName,
    surveyId: item.surveyId,
    surveyTemplateId: item.templateId,
    surveyTemplateVersionId: row.templateVersionId,
    templateName: row.templateName,
    respondent: respondentOfRow(row, phoneCountry),
    assignee: toPerson(row.assignee),
    dueAt: item.dueAt?.toISOString() ?? null,
    isOverdue: isOverdue(item, now),
    openedAt: item.openedAt.toISOString(),
    firstResponseAt: item.firstResponseAt?.toISOString() ?? null,
    resolvedAt: item.resolvedAt?.toISOString() ?? null,
    escalatedAt: item.escalatedAt?.toISOString() ?? null,
  };
}

type EventRow = Awaited<ReturnType<typeof findCaseEvents>>[number];

export function toCaseEvent(row: EventRow): CaseEvent {
  const details = caseEventDetailsSchema.safeParse(row.event.details);
  return {
    caseEventId: row.event.id,
    type: row.event.type,
    actor: toPerson(row.actor),
    createdAt: row.event.createdAt.toISOString(),
    details: details.success ? details.data : {},
  };
}

/** An event's details as stored: only the fields that apply. */
export function eventDetails(details: CaseEventDetails): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
}
