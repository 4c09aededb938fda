import type { SurveyProperty } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { describeFilter, filterSentence } from './filter-rules';
import { buildLanguageFilter, buildPropertyFilter } from './property-filter-rules';

const property = (type: SurveyProperty['type'], extra: Partial<SurveyProperty> = {}): SurveyProperty => ({
  id: '7f8b5e1c-8b61-4b7e-9a1d-2f1c3b4a5d6e',
  type,
  label: type === 'Number' ? 'Seats' : 'Plan',
  validation: { required: false, authentication: false },
  visibleInReportsAndFiltering: true,
  ...extra,
});

describe('property filters', () => {
  it('builds filters by type: numbers as numbers, ranges as low..high, nothing without a value', () => {
    const seats = property('Number');
    const field = `surveyProperties.${seats.id}`;
    expect(buildPropertyFilter(seats, 'gte', ' 10 ')).toEqual({ field, operator: 'gte', value: 10 });
    expect(buildPropertyFilter(seats, 'gte', 'ten')).toBeUndefined();
    expect(buildPropertyFilter(seats, 'between', '10', '20')).toEqual({
      field,
      operator: 'between',
      value: '10..20',
    });
    expect(buildPropertyFilter(seats, 'between', '', '20')).toEqual({
      field,
      operator: 'between',
      value: '..20',
    });
    expect(buildPropertyFilter(seats, 'between', '', '')).toBeUndefined();
    expect(buildPropertyFilter(seats, 'contains', '1')).toBeUndefined();
    expect(buildPropertyFilter(property('Text'), 'equals', '  Pro ')).toMatchObject({ value: 'Pro' });
    expect(buildLanguageFilter('is', '')).toBeUndefined();
  });

  it('reads as a sentence: yes/no, list labels, ranges and languages', () => {
    const vip = property('Boolean', { label: 'VIP' });
    const seats = property('Number');
    const tier = property('ListItem', { label: 'Tier', listId: '1f8b5e1c-8b61-4b7e-9a1d-2f1c3b4a5d6e' });
    const sentence = (filter: Parameters<typeof describeFilter>[0], properties: SurveyProperty[]) =>
      filterSentence(describeFilter(filter, [], { [tier.listId!]: { gold: 'Gold' } }, [], properties));
    expect(sentence({ field: `surveyProperties.${vip.id}`, operator: 'is', value: 'true' }, [vip])).toBe(
      'VIP is Yes',
    );
    expect(
      sentence({ field: `surveyProperties.${tier.id}`, operator: 'is_not', value: 'gold' }, [tier]),
    ).toBe('Tier is not Gold');
    expect(
      sentence({ field: `surveyProperties.${seats.id}`, operator: 'between', value: '10..20' }, [seats]),
    ).toBe('Seats from 10 to under 20');
    expect(sentence({ field: 'language', operator: 'is', value: 'es' }, [])).toBe('Language is Spanish');
    expect(sentence({ field: 'surveyProperties.gone', operator: 'equals', value: 'x' }, [])).toBe(
      'Removed property equals x',
    );
  });
});
