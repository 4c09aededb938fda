import type {
  LockedRespondentSurvey,
  RespondentSurvey,
  SurveyQuestion,
  SurveyResponses,
} from '@graphium/shared';
import { vi } from 'vitest';

// Test helpers for the respondent page: a fetch stand-in answering from handlers, and surveys.

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | 'network-error' | Promise<never>;
type Handler = (call: FakeCall) => Reply | Promise<Reply>;

/** Stubs global fetch: `handlers` keyed "METHOD /path?query" (without /api); unknown calls answer 404. */
export function fakeApi(handlers: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const call: FakeCall = {
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      const reply = handler ? await handler(call) : { status: 404, body: { message: 'No such call' } };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const surveyId = '6f1c2b9e-8d3a-4c1e-9b7a-2e5d4c3b2a10';
const listId = '0a7b6c5d-4e3f-4a2b-8c1d-9e8f7a6b5c4d';
const northId = '11111111-2222-4333-8444-555555555555';

const base = {
  label: 'Label',
  category: '',
  validation: { required: false },
  endSurveyValue: '',
  compositeScore: { enabled: false, value: 0 },
  active: true,
} as const;

/** One question of every type, in the order the respondent sees them. */
export function everyQuestion(required = false): SurveyQuestion[] {
  const validation = { required };
  return [
    {
      ...base,
      validation,
      id: 'q-nps',
      type: 'NetPromoterScore',
      question: 'How likely are you to recommend us?',
      startLabel: 'Not likely',
      endLabel: 'Very likely',
    },
    {
      ...base,
      validation,
      id: 'q-stars',
      type: 'StarRatingScale',
      question: 'Rate your visit',
      startLabel: 'Poor',
      endLabel: 'Great',
    },
    {
      ...base,
      validation,
      id: 'q-numeric',
      type: 'NumericScale',
      question: 'How easy was it?',
      startNumber: 1,
      endNumber: 7,
      startLabel: 'Hard',
      endLabel: 'Easy',
    },
    {
      ...base,
      validation,
      id: 'q-choice',
      type: 'MultipleChoice',
      question: 'What did you buy?',
      answerOptions: ['Tyres', 'Oil'],
      multiSelect: true,
      includeOtherOption: true,
    },
    {
      ...base,
      validation,
      id: 'q-dropdown',
      type: 'DropdownList',
      question: 'Which store did you visit?',
      listId,
      placeholderText: 'Choose a store',
      includeOtherOption: false,
    },
    {
      ...base,
      validation,
      id: 'q-short',
      type: 'ShortTextEntry',
      question: 'Your name?',
      placeholderText: 'First name',
      maxLength: 20,
    },
    {
      ...base,
      validation,
      id: 'q-long',
      type: 'LongTextEntry',
      question: 'Anything else?',
      placeholderText: 'Tell us more',
      maxLength: 300,
    },
  ];
}

export function respondentSurvey(
  overrides: {
    questions?: SurveyQuestion[];
    responses?: SurveyResponses;
    state?: RespondentSurvey['surveyState'];
    reviewLink?: string;
    estimatedMinutes?: number;
    translations?: RespondentSurvey['surveyTemplate']['surveyTemplateDefinition']['translations'];
  } = {},
): RespondentSurvey {
  return {
    surveyId,
    surveyState: overrides.state ?? 'OPENED',
    requiresAuthentication: false,
    surveyTemplate: {
      surveyTemplateName: 'After your visit',
      surveyTemplateDefinition: {
        schemaVersion: '1.0',
        openingText: 'Welcome Ada from London!',
        closingText: 'Thank you, Ada.',
        reviewLink: overrides.reviewLink ?? 'https://reviews.example.com/acme',
        properties: [],
        questions: overrides.questions ?? everyQuestion(),
        defaultLanguage: 'en',
        translations: overrides.translations ?? {},
      },
      estimatedMinutes: overrides.estimatedMinutes ?? 3,
      logoUrl: '/api/logos/abc123',
    },
    surveyResponses: overrides.responses ?? {},
    lists: [
      {
        listId,
        listItems: [
          { listItemId: northId, label: 'North' },
          { listItemId: '66666666-7777-4888-8999-000000000000', label: 'South' },
        ],
      },
    ],
  };
}

export function lockedSurvey(
  state: LockedRespondentSurvey['surveyState'] = 'OPENED',
  thankYou: Pick<LockedRespondentSurvey['surveyTemplate'], 'closingText' | 'reviewLink'> = {},
): LockedRespondentSurvey {
  return {
    surveyId,
    surveyState: state,
    requiresAuthentication: true,
    surveyTemplate: {
      surveyTemplateName: 'After your visit',
      logoUrl: '/api/logos/abc123',
      authenticationProperties: [
        { id: 'p-last', label: 'Last Name', type: 'Text', required: true },
        { id: 'p-age', label: 'Age', type: 'Number', required: false },
        { id: 'p-birthday', label: 'Birthday', type: 'Date', required: false },
        { id: 'p-member', label: 'Member', type: 'Boolean', required: false },
        { id: 'p-visit', label: 'Visit time', type: 'DateTime', required: false },
      ],
      ...thankYou,
    },
  };
}
