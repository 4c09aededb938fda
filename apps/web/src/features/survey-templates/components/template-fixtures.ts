import {
  type SurveyDefinitionInput,
  type SurveySettingsInput,
  staleTemplateMessage,
  surveyDefinitionSchema,
  surveySettingsSchema,
} from '@graphium/shared';
import { type ApiHandlers, apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';

// Test data and a small in-memory server for the template screens' component tests.

export const templateId = 'a1b2c3d4-0000-4000-8000-000000000001';
export const versionId = 'a1b2c3d4-0000-4000-8000-000000000002';
export const olderVersionId = 'a1b2c3d4-0000-4000-8000-000000000003';
export const baseVersionId = 'b1b2c3d4-0000-4000-8000-000000000004';
export const listId = 'c1b2c3d4-0000-4000-8000-000000000005';
export const npsId = 'd1b2c3d4-0000-4000-8000-000000000006';
export const choiceId = 'd1b2c3d4-0000-4000-8000-000000000007';
export const textId = 'd1b2c3d4-0000-4000-8000-000000000008';
const propertyId = 'e1b2c3d4-0000-4000-8000-000000000009';

export const npsQuestion = {
  id: npsId,
  type: 'NetPromoterScore' as const,
  question: 'How likely are you to recommend us?',
  label: 'NPS',
  startLabel: 'Not likely',
  endLabel: 'Very likely',
  compositeScore: { enabled: true, value: 50 },
  validation: { required: true },
};
export const choiceQuestion = {
  id: choiceId,
  type: 'MultipleChoice' as const,
  question: 'What did you buy?',
  label: 'Bought',
  answerOptions: ['Tyres', 'Oil'],
  includeOtherOption: true,
  category: 'Shopping',
};
export const textQuestion = {
  id: textId,
  type: 'ShortTextEntry' as const,
  question: 'Your name?',
  label: 'Name',
};
export const firstNameProperty = { id: propertyId, type: 'Text' as const, label: 'First name' };

type VersionOptions = {
  state?: 'DRAFT' | 'PUBLISHED' | 'UNPUBLISHED';
  name?: string;
  definition?: SurveyDefinitionInput;
  settings?: SurveySettingsInput;
  updatedAt?: string;
  versionNumber?: number;
  versionIdOverride?: string;
  versions?: {
    surveyTemplateVersionId: string;
    versionNumber: number;
    surveyTemplateState: string;
    updatedAt: string;
  }[];
};

export function buildVersion(options: VersionOptions = {}) {
  const id = options.versionIdOverride ?? versionId;
  const updatedAt = options.updatedAt ?? new Date().toISOString();
  const state = options.state ?? 'DRAFT';
  const versionNumber = options.versionNumber ?? 1;
  return {
    surveyTemplateVersionId: id,
    surveyTemplateId: templateId,
    surveyTemplateName: options.name ?? 'Customer satisfaction',
    surveyTemplateDescription: 'After each visit',
    surveyTemplateState: state,
    versionNumber,
    surveyTemplateDefinition: surveyDefinitionSchema.parse(options.definition ?? {}),
    surveyTemplateSettings: surveySettingsSchema.parse(options.settings ?? {}),
    baseSurveyTemplateVersionId: null,
    createdAt: updatedAt,
    updatedAt,
    versions: options.versions ?? [
      { surveyTemplateVersionId: id, versionNumber, surveyTemplateState: state, updatedAt },
    ],
  };
}
export type WireVersion = ReturnType<typeof buildVersion>;

const lookupLists = {
  lists: [
    {
      listId,
      listName: 'Stores',
      listDescription: '',
      listState: 'PUBLISHED',
      listPropertiesCount: 1,
      listItemsCount: 2,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  ],
};

/**
 * Answers GET and PATCH of one survey template version like the server: a PATCH merges the
 * definition and settings, moves `updatedAt` on and refuses a stale `updatedAt` (409).
 */
export function mockTemplateServer(initial: WireVersion, handlers: ApiHandlers = {}) {
  const server = { version: initial, patches: [] as Record<string, unknown>[] };
  const url = `/survey-templates/${initial.surveyTemplateVersionId}`;
  const calls = mockApi({
    ...handlers,
    get: {
      '/accounts/startup': () => buildStartup(),
      '/lists/': () => lookupLists,
      [url]: () => server.version,
      '/workspace/notification-settings': () => ({
        slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x',
        quietHours: { start: '21:00', end: '08:00' },
        timeZone: 'UTC',
      }),
      ...handlers.get,
    },
    patch: {
      [url]: (body) => {
        const patch = body as Record<string, unknown>;
        server.patches.push(patch);
        if (patch.updatedAt && patch.updatedAt !== server.version.updatedAt) {
          throw apiError(409, { error: 'CONFLICT', message: staleTemplateMessage });
        }
        const updatedAt = new Date(new Date(server.version.updatedAt).getTime() + 1000).toISOString();
        server.version = {
          ...server.version,
          surveyTemplateDefinition: patch.surveyTemplateDefinition
            ? surveyDefinitionSchema.parse(patch.surveyTemplateDefinition)
            : server.version.surveyTemplateDefinition,
          surveyTemplateSettings: patch.surveyTemplateSettings
            ? surveySettingsSchema.parse(patch.surveyTemplateSettings)
            : server.version.surveyTemplateSettings,
          updatedAt,
        };
        return server.version;
      },
      ...handlers.patch,
    },
  });
  return { server, calls };
}

/** The last PATCH body sent for the version. */
export function lastPatch(server: { patches: Record<string, unknown>[] }) {
  const patch = server.patches.at(-1);
  if (!patch) throw new Error('No PATCH was sent');
  return patch as {
    updatedAt?: string;
    surveyTemplateDefinition?: ReturnType<typeof surveyDefinitionSchema.parse>;
    surveyTemplateSettings?: ReturnType<typeof surveySettingsSchema.parse>;
  };
}
