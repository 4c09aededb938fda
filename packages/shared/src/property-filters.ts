import type { SurveyProperty } from './survey-definition.js';
import { isSurveyLanguage, surveyLanguages } from './translations.js';
import { isCalendarDate, readNumber } from './values.js';

// Filters on survey properties and on the respondent's language (docs/decisions/029-segments.md).
// On the wire they are response filters like the others:
//   {"field":"surveyProperties.{propertyId}","operator":"equals","value":"Pro"}
//   {"field":"surveyProperties.{propertyId}","operator":"between","value":"10..20"}
//   {"field":"language","operator":"is","value":"es"}
// Only properties shown in reports (`visibleInReportsAndFiltering`) can be filtered on; the server
// answers 400 for any other, with the same message as for a property the template does not have.
//
// Operators by the property's type: Text the text operators; Number the numeric ones and
// `between`; Date and DateTime (compared by their UTC day, YYYY-MM-DD) the numeric ones and
// `between`; Boolean and ListItem `is`/`is_not` (values "true"/"false", a list item's id).
// `between` takes "low..high": low included, high excluded, either side may be empty.
// A property filter only matches surveys that have a value for the property.

export const languageFilterField = 'language';
const propertyFilterFieldPrefix = 'surveyProperties.';

/** The range operator of number and date properties (a segment of a number or date). */
export const rangeFilterOperator = 'between';

export function propertyFilterField(propertyId: string): string {
  return `${propertyFilterFieldPrefix}${propertyId}`;
}

/** The property id a `surveyProperties.{propertyId}` field names, or undefined. */
export function readPropertyFilterField(field: string): string | undefined {
  return field.startsWith(propertyFilterFieldPrefix)
    ? field.slice(propertyFilterFieldPrefix.length)
    : undefined;
}

/** The properties that reports show and filters offer; the others never leave the template. */
export function reportedProperties<T extends Pick<SurveyProperty, 'visibleInReportsAndFiltering'>>(
  properties: readonly T[],
): T[] {
  return properties.filter((property) => property.visibleInReportsAndFiltering);
}

/** "10..20" → { from: "10", to: "20" }; "..20" and "10.." leave a side open; undefined when malformed. */
export function readRangeValue(value: string): { from?: string; to?: string } | undefined {
  const parts = value.split('..');
  if (parts.length !== 2) return undefined;
  const [from, to] = parts.map((part) => part.trim()) as [string, string];
  if (from === '' && to === '') return undefined;
  return { ...(from === '' ? {} : { from }), ...(to === '' ? {} : { to }) };
}

export function writeRangeValue(from: string | number | undefined, to: string | number | undefined): string {
  return `${from ?? ''}..${to ?? ''}`;
}

type FilterLike = { operator: string; value: string | number };

function checkBound(type: SurveyProperty['type'], text: string): boolean {
  return type === 'Number' ? readNumber(text) !== undefined : isCalendarDate(text);
}

/**
 * What is wrong with a property filter's value for this property, or undefined (the operator is
 * checked by the caller against `propertyFilterOperators`).
 */
export function checkPropertyFilterValue(
  property: Pick<SurveyProperty, 'type' | 'label'>,
  filter: FilterLike,
): string | undefined {
  const text = String(filter.value).trim();
  if (text === '') return `${property.label}: a value is required`;
  if (filter.operator === rangeFilterOperator) {
    const range = readRangeValue(text);
    const kind = property.type === 'Number' ? 'numbers' : 'dates as YYYY-MM-DD';
    if (
      !range ||
      (range.from && !checkBound(property.type, range.from)) ||
      (range.to && !checkBound(property.type, range.to))
    )
      return `${property.label}: the range must be "low..high" with ${kind}`;
    return undefined;
  }
  switch (property.type) {
    case 'Number':
      return readNumber(filter.value) === undefined
        ? `${property.label}: the value must be a number`
        : undefined;
    case 'Date':
    case 'DateTime':
      return isCalendarDate(text) ? undefined : `${property.label}: the value must be a date as YYYY-MM-DD`;
    case 'Boolean':
      return text === 'true' || text === 'false'
        ? undefined
        : `${property.label}: the value must be true or false`;
    default:
      return undefined;
  }
}

/** What is wrong with a language filter, or undefined. */
export function checkLanguageFilter(filter: FilterLike): string | undefined {
  if (filter.operator !== 'is' && filter.operator !== 'is_not') return 'A language filter takes is or is_not';
  if (!isSurveyLanguage(filter.value))
    return `A language filter's value must be one of ${surveyLanguages.join(', ')}`;
  return undefined;
}
