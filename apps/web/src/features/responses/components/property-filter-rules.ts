import {
  languageFilterField,
  languageNames,
  propertyFilterField,
  propertyFilterOperators,
  type ResponseFilter,
  type ResponseFilterOperator,
  rangeFilterOperator,
  readPropertyFilterField,
  readRangeValue,
  responseFilterOperatorLabels,
  type SurveyLanguage,
  type SurveyProperty,
  writeRangeValue,
} from '@graphium/shared';
import { formatCalendarDay } from '@/lib/format';

// Filters on survey properties shown in reports and on the respondent's language
// (docs/decisions/029-segments.md): what the modal builds and how a chip reads them.

export type PropertyFilterDescription = {
  id: string;
  category: 'property' | 'language';
  label: string;
  operatorLabel: string;
  displayValue: string;
};

export function languageOptions(languages: readonly SurveyLanguage[]) {
  return languages.map((language) => ({ value: language, label: languageNames[language] }));
}

export function buildLanguageFilter(
  operator: ResponseFilterOperator,
  value: string,
): ResponseFilter | undefined {
  return value ? { field: languageFilterField, operator, value } : undefined;
}

/** A property filter: an operator of the property's type, a value (or a range's two ends). */
export function buildPropertyFilter(
  property: SurveyProperty,
  operator: ResponseFilterOperator | '',
  value: string,
  upTo = '',
): ResponseFilter | undefined {
  if (!operator || !propertyFilterOperators(property.type).includes(operator)) return undefined;
  const field = propertyFilterField(property.id);
  if (operator === rangeFilterOperator) {
    const from = value.trim();
    const to = upTo.trim();
    if (!from && !to) return undefined;
    if (property.type === 'Number' && [from, to].some((end) => end !== '' && !Number.isFinite(Number(end))))
      return undefined;
    return { field, operator, value: writeRangeValue(from || undefined, to || undefined) };
  }
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  if (property.type === 'Number') {
    const number = Number(trimmed);
    return Number.isFinite(number) ? { field, operator, value: number } : undefined;
  }
  return { field, operator, value: trimmed };
}

function valueText(
  property: SurveyProperty | undefined,
  value: string,
  listLabels: Readonly<Record<string, Record<string, string>>>,
) {
  if (property?.type === 'Boolean') return value === 'true' ? 'Yes' : 'No';
  if (property?.type === 'ListItem' && property.listId) return listLabels[property.listId]?.[value] ?? value;
  if ((property?.type === 'Date' || property?.type === 'DateTime') && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return formatCalendarDay(value);
  return value;
}

/** A property or language filter as its chip reads, or undefined for the other fields. */
export function describePropertyFilter(
  filter: ResponseFilter,
  properties: readonly SurveyProperty[],
  listLabels: Readonly<Record<string, Record<string, string>>> = {},
): PropertyFilterDescription | undefined {
  const operatorLabel = responseFilterOperatorLabels[filter.operator];
  const value = String(filter.value);
  if (filter.field === languageFilterField) {
    const displayValue = languageNames[value as SurveyLanguage] ?? value;
    return { id: filter.field, category: 'language', label: 'Language', operatorLabel, displayValue };
  }
  const propertyId = readPropertyFilterField(filter.field);
  if (propertyId === undefined) return undefined;
  const property = properties.find((item) => item.id === propertyId);
  let displayValue = valueText(property, value, listLabels);
  if (filter.operator === rangeFilterOperator) {
    const range = readRangeValue(value) ?? {};
    const from = range.from === undefined ? undefined : valueText(property, range.from, listLabels);
    const to = range.to === undefined ? undefined : valueText(property, range.to, listLabels);
    displayValue = from && to ? `${from} to under ${to}` : from ? `${from} on` : `the lowest to under ${to}`;
  }
  return {
    id: filter.field,
    category: 'property',
    label: property?.label ?? 'Removed property',
    operatorLabel,
    displayValue,
  };
}
