import type { Case, CaseDetail } from '@graphium/shared';

// Test data of the cases component tests.

export const caseId = '3e1f2d4c-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
export const otherCaseId = '4f2a3e5d-6c7b-4d8e-9fa0-1b2c3d4e5f60';
export const editorId = '5a3b4f6e-7d8c-4e9f-a0b1-2c3d4e5f6071';
const versionId = '8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';
const surveyId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

export const eddie = { accountId: editorId, name: 'Eddie Member', emailAddress: 'eddie@example.com' };

export function buildCase(overrides: Partial<Case> = {}): Case {
  return {
    caseId,
    status: 'open',
    surveyAlertId: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3e',
    alertName: 'Unhappy customer',
    surveyId,
    surveyTemplateId: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    surveyTemplateVersionId: versionId,
    templateName: 'Service visit',
    respondent: 'Grace Hopper',
    assignee: null,
    dueAt: '2025-03-05T15:06:00.000Z',
    isOverdue: true,
    openedAt: '2025-03-04T15:06:00.000Z',
    firstResponseAt: null,
    resolvedAt: null,
    escalatedAt: null,
    ...overrides,
  };
}

export function buildCaseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...buildCase(),
    events: [
      {
        caseEventId: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c30',
        type: 'created',
        actor: null,
        createdAt: '2025-03-04T15:06:00.000Z',
        details: {},
      },
    ],
    contacts: [{ channel: 'email', recipient: 'grace@example.com' }],
    tokens: ['First name'],
    ...overrides,
  };
}
