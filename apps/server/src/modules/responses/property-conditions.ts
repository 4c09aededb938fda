import {
  checkPropertyFilterValue,
  propertyFilterOperators,
  type ResponseFilter,
  rangeFilterOperator,
  readRangeValue,
  type SurveyProperty,
} from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { surveys } from '../../db/schema/index.js';
import { invalid } from '../../errors.js';

// Survey property and language filters as SQL (docs/decisions/029-segments.md). Values are bound
// parameters; the property id is checked against the template's reported properties first.

const comparisons: Record<string, string> = {
  equals: '=',
  not_equals: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** A property's value as text (null when absent). */
export function propertyText(propertyId: string): SQL {
  return sql`(${surveys.properties} ->> ${propertyId})`;
}

/** A number property's value (null when absent or not a number). */
export function propertyNumber(propertyId: string): SQL {
  return sql`(case when jsonb_typeof(${surveys.properties} -> ${propertyId}) = 'number' then (${surveys.properties} ->> ${propertyId})::numeric end)`;
}

/** A Date's day, or a DateTime's UTC day (stored as ISO instants in UTC). */
export function propertyDay(propertyId: string): SQL {
  const text = propertyText(propertyId);
  return sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}' then left(${text}, 10)::date end)`;
}

function textCondition(text: SQL, operator: string, raw: string): SQL {
  const needle = raw.toLowerCase();
  const lowered = sql`lower(${text})`;
  switch (operator) {
    case 'contains':
      return sql`strpos(${lowered}, ${needle}) > 0`;
    case 'not_contains':
      return sql`(${text} is not null and strpos(${lowered}, ${needle}) = 0)`;
    case 'equals':
      return sql`${lowered} = ${needle}`;
    case 'not_equals':
      return sql`${lowered} <> ${needle}`;
    case 'starts_with':
      return sql`left(${lowered}, ${needle.length}) = ${needle}`;
    default:
      return sql`right(${lowered}, ${needle.length}) = ${needle}`;
  }
}

function rangeCondition(value: SQL, range: { from?: string; to?: string }, cast: 'numeric' | 'date'): SQL {
  const parts: SQL[] = [sql`${value} is not null`];
  if (range.from !== undefined) parts.push(sql`${value} >= ${range.from}::${sql.raw(cast)}`);
  if (range.to !== undefined) parts.push(sql`${value} < ${range.to}::${sql.raw(cast)}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

/**
 * The condition of one property filter. A property the template does not have, or one hidden
 * from reports, is refused with the same message: a hidden property's existence never shows.
 */
export function propertyCondition(
  property: SurveyProperty | undefined,
  propertyId: string,
  filter: ResponseFilter,
  index: number,
): SQL {
  if (!property?.visibleInReportsAndFiltering) {
    throw invalid(`filters: the template has no property ${propertyId} to filter on`, {
      [`filters.${index}.field`]: 'This property is not in the template reports',
    });
  }
  const operators = propertyFilterOperators(property.type);
  const problem = operators.includes(filter.operator)
    ? checkPropertyFilterValue(property, filter)
    : `${property.label}: the operator must be one of ${operators.join(', ')}`;
  if (problem) throw invalid(`filters: ${problem}`, { [`filters.${index}`]: problem });
  const raw = String(filter.value).trim();
  switch (property.type) {
    case 'Number':
    case 'Date':
    case 'DateTime': {
      const isNumber = property.type === 'Number';
      const value = isNumber ? propertyNumber(property.id) : propertyDay(property.id);
      const cast = isNumber ? 'numeric' : 'date';
      if (filter.operator === rangeFilterOperator) return rangeCondition(value, readRangeValue(raw)!, cast);
      return sql`${value} ${sql.raw(comparisons[filter.operator]!)} ${raw}::${sql.raw(cast)}`;
    }
    case 'Boolean': {
      const wanted = raw === 'true';
      const given = sql`${surveys.properties} @> ${JSON.stringify({ [property.id]: wanted })}::jsonb`;
      if (filter.operator === 'is') return given;
      return sql`${surveys.properties} @> ${JSON.stringify({ [property.id]: !wanted })}::jsonb`;
    }
    case 'ListItem': {
      const given = sql`${surveys.properties} @> ${JSON.stringify({ [property.id]: raw })}::jsonb`;
      if (filter.operator === 'is') return given;
      return sql`(${propertyText(property.id)} is not null and not ${given})`;
    }
    default:
      return textCondition(propertyText(property.id), filter.operator, raw);
  }
}

/** `language is|is_not es`: the language the respondent answered in (decision 025). */
export function languageCondition(filter: ResponseFilter): SQL {
  const value = String(filter.value);
  return filter.operator === 'is'
    ? sql`${surveys.language} = ${value}`
    : sql`${surveys.language} is distinct from ${value}`;
}
