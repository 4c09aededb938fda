import { propertyFilterField, type ResponseFilterOperator, type SurveyProperty } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { propertyCondition } from './property-conditions.js';
import { findSurveyConditionTruths } from './responses.repository.js';

// Alert conditions on survey properties (docs/decisions/035-alert-properties-and-one-source-of-figures.md)
// are judged by the list's own property filters (decision 029), on the survey's row: a survey
// matches an alert's property condition exactly when the filtered list would show it.

export interface PropertyMatch {
  surveyPropertyId: string;
  operator: ResponseFilterOperator;
  value: string | number;
}

/**
 * Whether one survey meets each property condition, in order. A condition that no longer fits
 * its property (removed, hidden from reports, another type now) is not met, as a condition on a
 * removed question is not.
 */
export async function matchSurveyProperties(
  db: Executor,
  surveyId: string,
  properties: readonly SurveyProperty[],
  matches: readonly PropertyMatch[],
): Promise<boolean[]> {
  if (matches.length === 0) return [];
  const byId = new Map(properties.map((property) => [property.id, property]));
  const conditions = matches.map((match, index): SQL => {
    const filter = {
      field: propertyFilterField(match.surveyPropertyId),
      operator: match.operator,
      value: match.value,
    };
    try {
      return propertyCondition(byId.get(match.surveyPropertyId), match.surveyPropertyId, filter, index);
    } catch (error) {
      if (error instanceof AppError) return sql`false`;
      throw error;
    }
  });
  return findSurveyConditionTruths(db, surveyId, conditions);
}
