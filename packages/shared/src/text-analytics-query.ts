import { z } from 'zod';
import { responseQueryFields } from './response-filters.js';
import { defaultTextTermLimit, maxTextTermLimit } from './text-analytics.js';

/**
 * `GET /survey-templates/{id}/text-analytics?filters&sentFrom&sentTo&limit`: the responses
 * list's filters and date range (none: the whole template, read from the aggregates), and how many
 * keywords and phrases each question lists.
 */
export const textAnalyticsQuerySchema = z.object({
  filters: responseQueryFields.filters,
  sentFrom: responseQueryFields.sentFrom,
  sentTo: responseQueryFields.sentTo,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(maxTextTermLimit, `limit must be at most ${maxTextTermLimit}`)
    .default(defaultTextTermLimit),
});
export type TextAnalyticsQuery = z.output<typeof textAnalyticsQuerySchema>;
