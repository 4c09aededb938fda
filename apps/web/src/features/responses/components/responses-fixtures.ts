import {
  type QuestionSummary,
  type ResponsesSummary,
  type SurveyDelivery,
  type SurveyResponseDetail,
  type SurveyResponseRow,
  type SurveyResponsesList,
  type SurveyTextSentiments,
  surveyDefinitionSchema,
  surveySettingsSchema,
  type TextAnalyticsResponse,
} from '@graphium/shared';
import { vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { apiError } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';

// Test data and a small fake server for the responses screens' component tests.

export const templateId = 'a1b2c3d4-0000-4000-8000-000000000101';
export const versionId = 'a1b2c3d4-0000-4000-8000-000000000102';
export const listId = 'c1b2c3d4-0000-4000-8000-000000000105';
export const npsId = 'd1b2c3d4-0000-4000-8000-000000000106';
const choiceId = 'd1b2c3d4-0000-4000-8000-000000000107';
export const starsId = 'd1b2c3d4-0000-4000-8000-000000000108';
export const storeId = 'd1b2c3d4-0000-4000-8000-000000000109';
export const textId = 'd1b2c3d4-0000-4000-8000-000000000110';
export const northItemId = 'e1b2c3d4-0000-4000-8000-000000000111';
const southItemId = 'e1b2c3d4-0000-4000-8000-000000000112';
export const surveyId = 'f1b2c3d4-0000-4000-8000-000000000113';

export const definition = surveyDefinitionSchema.parse({
  questions: [
    {
      id: npsId,
      type: 'NetPromoterScore',
      question: 'How likely are you to recommend us?',
      label: 'Recommend',
      validation: { required: true },
      compositeScore: { enabled: true, value: 50 },
    },
    {
      id: starsId,
      type: 'StarRatingScale',
      question: 'How was the service?',
      label: 'Service',
      compositeScore: { enabled: true, value: 50 },
    },
    {
      id: choiceId,
      type: 'MultipleChoice',
      question: 'What did you buy?',
      label: 'Bought',
      answerOptions: ['Tyres', 'Oil'],
      multiSelect: true,
      includeOtherOption: true,
    },
    { id: storeId, type: 'DropdownList', question: 'Which store?', label: 'Store', listId },
    { id: textId, type: 'ShortTextEntry', question: 'Who served you?', label: 'Served by' },
  ],
});

export function buildVersion(options: { baseVersionId?: string | null } = {}) {
  const updatedAt = '2025-03-01T10:00:00.000Z';
  return {
    surveyTemplateVersionId: versionId,
    surveyTemplateId: templateId,
    surveyTemplateName: 'After your visit',
    surveyTemplateDescription: '',
    surveyTemplateState: 'PUBLISHED',
    versionNumber: 1,
    surveyTemplateDefinition: definition,
    surveyTemplateSettings: surveySettingsSchema.parse({}),
    baseSurveyTemplateVersionId: options.baseVersionId ?? null,
    createdAt: updatedAt,
    updatedAt,
    versions: [
      { surveyTemplateVersionId: versionId, versionNumber: 1, surveyTemplateState: 'PUBLISHED', updatedAt },
    ],
  };
}

const storeList = {
  listId,
  listName: 'Stores',
  listDescription: '',
  listState: 'PUBLISHED',
  listProperties: [{ name: 'name', displayName: 'Name', isDefaultLabel: true }],
  listItems: [
    { listItemId: northItemId, isArchived: false, listItemProperties: { name: 'North' } },
    { listItemId: southItemId, isArchived: true, listItemProperties: { name: 'South' } },
  ],
};

export function buildRow(index: number, overrides: Partial<SurveyResponseRow> = {}): SurveyResponseRow {
  const id = `f1b2c3d4-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    surveyId: id,
    surveyState: 'COMPLETE',
    createdAt: '2025-03-04T15:06:00.000Z',
    sentAt: '2025-03-04T15:06:00.000Z',
    lastOpenedAt: '2025-03-05T09:30:00.000Z',
    completedAt: '2025-03-05T09:40:00.000Z',
    source: null,
    undelivered: [],
    updatedAt: '2025-03-05T09:40:00.000Z',
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `person${index}@example.com` }],
    scoring: {
      overallPercentage: 85,
      questionScores: [
        { questionId: npsId, score: 9, percentage: 90 },
        { questionId: starsId, score: 4, percentage: 75 },
      ],
      scoredQuestionCount: 2,
    },
    ...overrides,
  };
}

function questionSummary(
  overrides: Partial<QuestionSummary> & Pick<QuestionSummary, 'questionId'>,
): QuestionSummary {
  return {
    questionLabel: 'Question',
    questionText: 'Question?',
    questionType: 'ShortTextEntry',
    totalResponses: 0,
    compositeScore: { enabled: false, percentage: null, totalResponses: 0, comparativeBenchmark: null },
    popularResponses: [],
    distribution: [],
    nps: null,
    ...overrides,
  };
}

export function buildSummary(options: { hasBaseTemplate?: boolean } = {}): ResponsesSummary {
  return {
    totalResponses: 20,
    totalSent: 32,
    responseRate: 62.5,
    overallPercentage: 81.4,
    overallBenchmark: options.hasBaseTemplate ? { percentage: 77 } : null,
    hasBaseTemplate: options.hasBaseTemplate ?? false,
    compositeOverTime: [
      { weekStart: '2025-02-24', percentage: 78, count: 8 },
      { weekStart: '2025-03-03', percentage: 84, count: 12 },
    ],
    questions: [
      questionSummary({
        questionId: npsId,
        questionLabel: 'Recommend',
        questionText: 'How likely are you to recommend us?',
        questionType: 'NetPromoterScore',
        totalResponses: 20,
        compositeScore: {
          enabled: true,
          percentage: 83,
          totalResponses: 20,
          comparativeBenchmark: options.hasBaseTemplate ? { percentage: 79.5 } : null,
        },
        popularResponses: [{ value: '9', label: '9', count: 8 }],
        distribution: Array.from({ length: 11 }, (_, value) => ({
          value: String(value),
          label: String(value),
          count: value >= 9 ? 6 : value === 8 ? 4 : value === 3 ? 4 : 0,
        })),
        nps: { score: 40, promoters: 12, passives: 4, detractors: 4 },
      }),
      questionSummary({
        questionId: starsId,
        questionLabel: 'Service',
        questionText: 'How was the service?',
        questionType: 'StarRatingScale',
        totalResponses: 18,
        compositeScore: { enabled: true, percentage: 75, totalResponses: 18, comparativeBenchmark: null },
        distribution: [1, 2, 3, 4, 5].map((value) => ({
          value: String(value),
          label: String(value),
          count: value,
        })),
      }),
      questionSummary({
        questionId: choiceId,
        questionLabel: 'Bought',
        questionText: 'What did you buy?',
        questionType: 'MultipleChoice',
        totalResponses: 20,
        popularResponses: [
          { value: 'Tyres', label: 'Tyres', count: 8 },
          { value: 'Oil', label: 'Oil', count: 5 },
        ],
        distribution: [
          { value: 'Tyres', label: 'Tyres', count: 8 },
          { value: 'Oil', label: 'Oil', count: 5 },
        ],
      }),
      questionSummary({
        questionId: textId,
        questionLabel: 'Served by',
        questionText: 'Who served you?',
        totalResponses: 15,
      }),
    ],
  };
}

export function buildDetail(
  options: {
    hasBaseTemplate?: boolean;
    state?: 'COMPLETE' | 'OPENED';
    undelivered?: SurveyDelivery[];
    language?: SurveyResponseDetail['language'];
  } = {},
): SurveyResponseDetail {
  const isComplete = (options.state ?? 'COMPLETE') === 'COMPLETE';
  return {
    language: options.language ?? null,
    surveyId,
    surveyTemplateId: templateId,
    surveyTemplateVersionId: versionId,
    surveyState: options.state ?? 'COMPLETE',
    createdAt: '2025-03-04T15:06:00.000Z',
    sentAt: '2025-03-04T15:06:00.000Z',
    lastOpenedAt: '2025-03-05T09:30:00.000Z',
    completedAt: isComplete ? '2025-03-05T21:40:00.000Z' : null,
    updatedAt: '2025-03-05T21:40:00.000Z',
    undelivered: options.undelivered ?? [],
    surveyContactMethods: [
      { contactMethodType: 'email', emailAddress: 'ada@example.com' },
      { contactMethodType: 'phone', phoneNumber: '5551234567' },
    ],
    surveyResponses: {
      [npsId]: 9,
      [starsId]: 3,
      [choiceId]: ['Tyres', 'Other: Brakes'],
      [storeId]: northItemId,
    },
    scoring: {
      overallPercentage: 72.5,
      scoredQuestionCount: 2,
      questionScores: [
        {
          questionId: npsId,
          score: 9,
          percentage: 90,
          comparativeBenchmark: options.hasBaseTemplate ? { percentage: 80 } : null,
          templateComparativeBenchmark: { percentage: 83 },
        },
        {
          questionId: starsId,
          score: 3,
          percentage: 50,
          comparativeBenchmark: null,
          templateComparativeBenchmark: { percentage: 75 },
        },
      ],
      templateComparativeBenchmark: { percentage: 81 },
      comparativeBenchmark: null,
    },
    surveyTemplate: {
      surveyTemplateName: 'After your visit',
      surveyTemplateDefinition: definition,
      hasBaseTemplate: options.hasBaseTemplate ?? false,
    },
    lists: [{ listId, listItems: [{ listItemId: northItemId, label: 'North' }] }],
    surveyProperties: [
      { propertyId: 'p1', label: 'First Name', type: 'Text', value: 'Ada', displayValue: 'Ada' },
    ],
  };
}

export type ListParams = Record<string, string>;
type Reply = unknown | ((params: ListParams) => unknown);

/**
 * Answers the responses screens' GET calls: startup, the template version, lists, the list
 * call (by its params) and the detail; records every list call's params. A reply that throws fails the call.
 */
export function mockResponsesServer(
  options: {
    version?: ReturnType<typeof buildVersion>;
    list?: (params: ListParams) => SurveyResponsesList;
    detail?: Reply;
    role?: 'admin' | 'editor' | 'viewer';
    /** The template's public links (decision 024). */
    links?: { publicLinkId: string; name: string }[];
    /** Text analytics (decision 030): the template's, and one survey's sentiments. */
    textAnalytics?: TextAnalyticsResponse;
    textSentiments?: SurveyTextSentiments;
  } = {},
) {
  const listCalls: ListParams[] = [];
  const version = options.version ?? buildVersion();
  const routes: Record<string, Reply> = {
    '/accounts/startup': buildStartup(options.role ? { role: options.role } : {}),
    [`/survey-templates/${versionId}`]: version,
    [`/lists/${listId}`]: storeList,
    [`/surveys/${surveyId}/response`]: options.detail ?? buildDetail(),
    '/public-links': { publicLinks: options.links ?? [] },
    [`/survey-templates/${templateId}/text-analytics`]: options.textAnalytics ?? { questions: [] },
    [`/surveys/${surveyId}/text-analytics`]: options.textSentiments ?? { sentiments: [] },
  };
  vi.spyOn(apiClient, 'get').mockImplementation((async (url: string, config?: { params?: ListParams }) => {
    if (url === '/surveys') {
      const params = { ...config?.params };
      listCalls.push(params);
      if (!options.list) throw apiError(500, { error: 'INTERNAL', message: 'No list mock' });
      return { data: options.list(params), status: 200 };
    }
    const reply = routes[url];
    if (reply === undefined) throw apiError(404, { error: 'NOT_FOUND', message: `No mock for GET ${url}` });
    return {
      data: typeof reply === 'function' ? await (reply as (p: ListParams) => unknown)({}) : reply,
      status: 200,
    };
  }) as never);
  return { listCalls };
}

/** A list reply of `total` rows paged like the server. */
export function pagedList(total: number, summary: ResponsesSummary | null = null) {
  return (params: ListParams): SurveyResponsesList => {
    const page = Number(params.page ?? 1);
    const limit = Number(params.limit ?? 25);
    const start = (page - 1) * limit;
    const count = Math.max(0, Math.min(limit, total - start));
    return {
      surveys: Array.from({ length: count }, (_, index) => buildRow(start + index + 1)),
      summary,
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    };
  };
}

/** A message that finally failed, as the server reports it on a survey. */
export function failedMessage(overrides: Partial<SurveyDelivery> = {}): SurveyDelivery {
  return {
    outboxId: 'd1b2c3d4-0000-4000-8000-000000000001',
    channel: 'email',
    recipient: 'ada@example.com',
    status: 'failed',
    attempts: 1,
    lastError: 'The mail server refused the message: 550 No such user',
    sentAt: null,
    updatedAt: '2025-03-04T15:07:00.000Z',
    ...overrides,
  };
}
