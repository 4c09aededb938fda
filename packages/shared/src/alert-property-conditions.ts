import { z } from 'zod';
import { checkPropertyFilterValue, rangeFilterOperator, readRangeValue } from './property-filters.js';
import {
  propertyFilterOperators,
  type ResponseFilterOperator,
  responseFilterSchema,
} from './response-filters.js';
import type { PropertyType, SurveyProperty } from './survey-definition.js';

// Alert conditions on survey properties (docs/decisions/035-alert-properties-and-one-source-of-figures.md).
// They are the list's property filters (decision 029) under another name: the same operators by
// the property's type, the same value checks, and, when an alert fires, the very SQL the list
// filters with, so an alert and a filtered list never disagree on a survey. On the wire:
//   {"kind":"property","surveyPropertyId":"…","operator":"equals","value":"Pro"}
// Only properties shown in reports (`visibleInReportsAndFiltering`) can be named.

export const propertyAlertConditionSchema = z.object({
  kind: z.literal('property'),
  surveyPropertyId: z.uuid('Choose a property'),
  operator: responseFilterSchema.shape.operator,
  value: z.union([z.string().max(500), z.number()], { error: 'The value must be text or a number' }),
});
export type PropertyAlertCondition = z.infer<typeof propertyAlertConditionSchema>;

type PropertyOfCondition = Pick<SurveyProperty, 'id' | 'label' | 'type' | 'visibleInReportsAndFiltering'>;

/** Why a property condition does not fit the template's properties, or undefined. */
export function propertyConditionProblem(
  property: PropertyOfCondition | undefined,
  condition: Pick<PropertyAlertCondition, 'surveyPropertyId' | 'operator' | 'value'>,
): { field: 'surveyPropertyId' | 'operator' | 'value'; message: string } | undefined {
  if (!property) {
    return {
      field: 'surveyPropertyId',
      message: `The survey has no property ${condition.surveyPropertyId}`,
    };
  }
  if (!property.visibleInReportsAndFiltering) {
    return {
      field: 'surveyPropertyId',
      message: `${property.label} is hidden from reports: show it in reports to use it in an alert`,
    };
  }
  const operators = propertyFilterOperators(property.type);
  if (!operators.includes(condition.operator)) {
    return {
      field: 'operator',
      message: `${property.label}: the operator must be one of ${operators.join(', ')}`,
    };
  }
  const problem = checkPropertyFilterValue(property, condition);
  return problem ? { field: 'value', message: problem } : undefined;
}

const phrases: Record<ResponseFilterOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  between: 'is from',
};

const datePhrases: Partial<Record<ResponseFilterOperator, string>> = {
  equals: 'is on',
  not_equals: 'is not on',
  gt: 'is after',
  gte: 'is on or after',
  lt: 'is before',
  lte: 'is on or before',
};

/**
 * What a property condition asks, after the property's name: "equals Pro", "is before
 * 2026-01-01", "is from 10 up to (not including) 20". `valueLabel` names a list item.
 */
export function propertyConditionPhrase(
  type: PropertyType | undefined,
  operator: ResponseFilterOperator,
  value: string | number,
  valueLabel?: string,
): string {
  const isDate = type === 'Date' || type === 'DateTime';
  if (operator === rangeFilterOperator) {
    const range = readRangeValue(String(value));
    if (range?.from !== undefined && range.to !== undefined)
      return `is from ${range.from} up to (not including) ${range.to}`;
    if (range?.from !== undefined) return `${isDate ? 'is on or after' : 'is at least'} ${range.from}`;
    if (range?.to !== undefined) return `${isDate ? 'is before' : 'is less than'} ${range.to}`;
  }
  const phrase = (isDate ? datePhrases[operator] : undefined) ?? phrases[operator];
  return `${phrase} ${valueLabel ?? String(value)}`;
}

/** A property condition as a sentence: "Plan (property) equals Pro". */
export function propertyConditionSentence(
  property: Pick<SurveyProperty, 'label' | 'type'> | undefined,
  condition: Pick<PropertyAlertCondition, 'operator' | 'value'>,
  valueLabel?: string,
): string {
  const subject = property ? `${property.label} (property)` : 'A removed property';
  return `${subject} ${propertyConditionPhrase(property?.type, condition.operator, condition.value, valueLabel)}`;
}
