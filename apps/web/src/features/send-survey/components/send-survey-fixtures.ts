import {
  type BulkSendSurveysInput,
  type BulkSendSurveysResult,
  type SentSurvey,
  type SurveyDelivery,
  surveyDefinitionSchema,
  surveyPropertySchema,
  surveySettingsSchema,
} from '@graphium/shared';
import { type ApiHandlers, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';

// A published template with a property of each type, its list, and the sending calls.

export const templateId = 'a1b2c3d4-0000-4000-8000-000000000101';
export const versionId = 'a1b2c3d4-0000-4000-8000-000000000102';
export const listId = 'c1b2c3d4-0000-4000-8000-000000000105';
export const surveyId = 'f1b2c3d4-0000-4000-8000-000000000110';
export const itemIds = {
  north: 'c2b2c3d4-0000-4000-8000-000000000201',
  south: 'c2b2c3d4-0000-4000-8000-000000000202',
  closed: 'c2b2c3d4-0000-4000-8000-000000000203',
};
export const propertyIds = {
  firstName: 'e1b2c3d4-0000-4000-8000-000000000301',
  visits: 'e1b2c3d4-0000-4000-8000-000000000302',
  birthday: 'e1b2c3d4-0000-4000-8000-000000000303',
  member: 'e1b2c3d4-0000-4000-8000-000000000304',
  store: 'e1b2c3d4-0000-4000-8000-000000000305',
};

const propertyInputs = [
  { id: propertyIds.firstName, type: 'Text' as const, label: 'First name', validation: { required: true } },
  { id: propertyIds.visits, type: 'Number' as const, label: 'Visits' },
  { id: propertyIds.birthday, type: 'Date' as const, label: 'Birthday' },
  { id: propertyIds.member, type: 'Boolean' as const, label: 'Member' },
  {
    id: propertyIds.store,
    type: 'ListItem' as const,
    label: 'Store',
    listId,
    validation: { required: true },
  },
];
export const properties = propertyInputs.map((property) => surveyPropertySchema.parse(property));

export const templateUrl = `/survey-templates/${versionId}`;

function buildVersion(state: 'DRAFT' | 'PUBLISHED' = 'PUBLISHED') {
  const updatedAt = new Date().toISOString();
  return {
    surveyTemplateVersionId: versionId,
    surveyTemplateId: templateId,
    surveyTemplateName: 'After your visit',
    surveyTemplateDescription: '',
    surveyTemplateState: state,
    versionNumber: 1,
    surveyTemplateDefinition: surveyDefinitionSchema.parse({
      properties: propertyInputs,
      questions: [
        {
          id: 'd1b2c3d4-0000-4000-8000-000000000401',
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
      ],
    }),
    surveyTemplateSettings: surveySettingsSchema.parse({}),
    baseSurveyTemplateVersionId: null,
    createdAt: updatedAt,
    updatedAt,
    versions: [
      { surveyTemplateVersionId: versionId, versionNumber: 1, surveyTemplateState: state, updatedAt },
    ],
  };
}

const at = '2025-01-01T00:00:00.000Z';
const item = (listItemId: string, name: string, isArchived = false) => ({
  listItemId,
  listItemProperties: { code: name.slice(0, 2).toUpperCase(), name },
  isArchived,
  createdAt: at,
  updatedAt: at,
});

const storesList = {
  listId,
  listName: 'Stores',
  listDescription: '',
  listState: 'PUBLISHED',
  // The default label is the second property: items are labelled by name, not code.
  listProperties: [
    {
      id: 'c3b2c3d4-0000-4000-8000-000000000501',
      name: 'code',
      displayName: 'Code',
      description: 'Code',
      type: 'STRING',
      active: true,
      isDefaultLabel: false,
    },
    {
      id: 'c3b2c3d4-0000-4000-8000-000000000502',
      name: 'name',
      displayName: 'Name',
      description: 'Name',
      type: 'STRING',
      active: true,
      isDefaultLabel: true,
    },
  ],
  listItems: [
    item(itemIds.north, 'North Road'),
    item(itemIds.south, 'South Street'),
    item(itemIds.closed, 'Closed Corner', true),
  ],
  createdAt: at,
  updatedAt: at,
};

export function delivery(overrides: Partial<SurveyDelivery> = {}): SurveyDelivery {
  return {
    outboxId: 'f2b2c3d4-0000-4000-8000-000000000601',
    channel: 'email',
    recipient: 'ada@example.com',
    status: 'queued',
    attempts: 0,
    lastError: null,
    sentAt: null,
    updatedAt: at,
    ...overrides,
  };
}

export function sentSurvey(rows: SurveyDelivery[]): SentSurvey {
  return {
    surveyId,
    surveyTemplateId: templateId,
    surveyTemplateVersionId: versionId,
    surveyState: 'SENT',
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'ada@example.com' }],
    surveyProperties: {},
    sentAt: at,
    expiresAt: at,
    createdAt: at,
    delivery: rows,
  };
}

/** The template page with its published version and list; `handlers` add the sending calls. */
export function mockSendingServer(handlers: ApiHandlers = {}, state: 'DRAFT' | 'PUBLISHED' = 'PUBLISHED') {
  return mockApi({
    ...handlers,
    get: {
      '/accounts/startup': () => buildStartup(),
      '/lists/': () => ({ lists: [] }),
      [templateUrl]: () => buildVersion(state),
      [`/lists/${listId}`]: () => storesList,
      ...handlers.get,
    },
  });
}

/** A bulk endpoint that refuses rows without a valid e-mail, like the server's checks. */
export function fakeBulk(body: unknown): BulkSendSurveysResult {
  const input = body as BulkSendSurveysInput;
  const offset = input.rowOffset ?? 0;
  const failed = input.rows.flatMap((row, index) =>
    row.emailAddress?.includes('@')
      ? []
      : [{ row: offset + index + 1, errors: { emailAddress: 'Invalid email format' } }],
  );
  const valid = input.rows.length - failed.length;
  return {
    dryRun: input.dryRun ?? false,
    rowCount: input.rows.length,
    validRowCount: valid,
    created: input.dryRun ? 0 : valid,
    failed,
  };
}
