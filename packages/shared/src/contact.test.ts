import { describe, expect, it } from 'vitest';
import { validateContactAttributes } from './contact.js';
import { checkContactMapping, suggestContactMapping } from './contact-import.js';
import { describeSegmentCondition } from './contact-segment.js';
import { describeRecurrence } from './recurring-send.js';

describe('contact attributes', () => {
  const attributes = [
    { name: 'seats', displayName: 'Seats', type: 'NUMBER' as const },
    { name: 'renews', displayName: 'Renews on', type: 'DATE' as const },
  ];

  it('types values, clears empty ones and refuses unknown names and misfits', () => {
    expect(validateContactAttributes(attributes, { seats: '12', renews: '2026-12-31' })).toEqual({
      values: { seats: 12, renews: '2026-12-31' },
      errors: {},
    });
    expect(
      validateContactAttributes(attributes, { seats: '' }, { seats: 3, renews: '2026-01-01' }).values,
    ).toEqual({
      renews: '2026-01-01',
    });
    expect(validateContactAttributes(attributes, { seats: 'many', colour: 'red' }).errors).toEqual({
      seats: 'Seats must be a valid number',
      colour: 'Unknown attribute "colour"',
    });
  });
});

describe('contact import mapping', () => {
  it('guesses fields by their usual names and attributes by name or label, each once', () => {
    expect(
      suggestContactMapping(
        ['E-mail', 'Mobile', 'Full Name', 'Seats', 'email', 'Notes'],
        [{ name: 'seats', displayName: 'Seats' }],
      ),
    ).toEqual({
      'E-mail': 'emailAddress',
      Mobile: 'phoneNumber',
      'Full Name': 'name',
      Seats: 'attribute:seats',
      email: '',
      Notes: '',
    });
  });

  it('needs an address or a number, known fields, each once', () => {
    const headers = ['Email', 'Phone', 'Plan'];
    expect(checkContactMapping(headers, { Email: 'emailAddress', Plan: 'attribute:plan' }, ['plan'])).toEqual(
      {},
    );
    expect(checkContactMapping(headers, { Plan: 'attribute:plan' }, ['plan'])).toEqual({
      _: 'Map a column to Email Address or Phone Number',
    });
    expect(checkContactMapping(headers, { Email: 'phoneNumber', Phone: 'phoneNumber' }, [])).toEqual({
      Phone: 'Columns "Email" and "Phone" both fill the same field',
    });
  });
});

describe('segments and recurring sends in words', () => {
  it('says what a condition and a recurrence mean', () => {
    expect(describeSegmentCondition({ kind: 'nps', category: 'detractor', days: 90 })).toBe(
      'NPS detractors in the last 90 days',
    );
    expect(
      describeSegmentCondition(
        { kind: 'attribute', name: 'plan', operator: 'equals', value: 'Pro' },
        () => 'Plan',
      ),
    ).toBe('Plan is Pro');
    expect(describeSegmentCondition({ kind: 'surveyed', isWithin: false, days: 60 })).toBe(
      'Not surveyed in the last 60 days',
    );
    expect(describeRecurrence(1, 'days', '09:00')).toBe('Every day at 09:00');
    expect(describeRecurrence(2, 'weeks', '17:30')).toBe('Every 2 weeks at 17:30');
  });
});
