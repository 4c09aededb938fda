import type { ResponseFilter, responsesIncludeValues } from '@graphium/shared';

export type SurveyResponsesParams = {
  surveyTemplateId: string;
  page: number;
  limit: number;
  /**
   * Complete filters only: empty ones are never sent
   * (docs/product-rules.md#responses-list-filters-paging-export).
   */
  filters: ResponseFilter[];
  /** The date range on the sending time, as instants: from inclusive, to exclusive. */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
  /** Each screen asks for its own part: the list its rows, the summary its figures. */
  include: (typeof responsesIncludeValues)[number];
};

export type TextAnalyticsParams = {
  surveyTemplateId: string;
  filters: ResponseFilter[];
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
};

export const responseKeys = {
  all: ['responses'] as const,
  lists: () => [...responseKeys.all, 'list'] as const,
  list: (params: SurveyResponsesParams) => [...responseKeys.lists(), params] as const,
  /** Segments by a property, within the filters (decision 029). */
  segments: (params: object) => [...responseKeys.all, 'segments', params] as const,
  detail: (surveyId: string) => [...responseKeys.all, 'detail', surveyId] as const,
  /** Text questions' sentiment and keywords (decision 030), for these filters. */
  textAnalytics: (params: TextAnalyticsParams) => [...responseKeys.all, 'text-analytics', params] as const,
  /** The sentiment of one survey's text answers. */
  textSentiments: (surveyId: string) => [...responseKeys.all, 'text-sentiments', surveyId] as const,
  /** How each message of a sent survey went. */
  delivery: (surveyId: string) => [...responseKeys.all, 'delivery', surveyId] as const,
};
