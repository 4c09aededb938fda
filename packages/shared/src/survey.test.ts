import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone.js';
import {
  addPeriod,
  createSurveySchema,
  isSurveyExpired,
  readRowContactMethods,
  uniqueContactMethods,
} from './survey.js';
import type { SurveyProperty } from './survey-definition.js';
import { formatPropertyValue, keyPropertyValuesById, validateSurveyProperties } from './survey-properties.js';

const versionId = '6f1c1f4e-3d55-4c3b-9a55-3f0b3b7f0a11';
const listId = '0d9b6d0a-3a5e-4d0b-8d6e-7c2f5b9a1e22';
const itemId = '9c1a2b3c-4d5e-4f60-8a7b-8c9d0e1f2a33';

function property(overrides: Partial<SurveyProperty> & Pick<SurveyProperty, 'id' | 'type'>): SurveyProperty {
  return {
    label: overrides.id,
    validation: { required: false, authentication: false },
    visibleInReportsAndFiltering: true,
    ...overrides,
  };
}

const details = (input: unknown) => {
  const result = createSurveySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('contact methods (docs/product-rules.md#sending-surveys)', () => {
  it('needs at least one, with the form message', () => {
    expect(details({ surveyTemplateVersionId: versionId, surveyContactMethods: [] })).toEqual({
      surveyContactMethods: 'At least one contact method (email or phone) is required',
    });
  });

  it('checks e-mail addresses and phone numbers with the form messages', () => {
    expect(
      details({
        surveyTemplateVersionId: versionId,
        surveyContactMethods: [
          { contactMethodType: 'email', emailAddress: 'no-at-sign' },
          { contactMethodType: 'phone', phoneNumber: '555-1234' },
          { contactMethodType: 'phone', phoneNumber: '1234567890123456' },
        ],
      }),
    ).toEqual({
      'surveyContactMethods.0.emailAddress': 'Invalid email format',
      'surveyContactMethods.1.phoneNumber':
        'Invalid phone number. Please enter a valid 10-digit phone number.',
      'surveyContactMethods.2.phoneNumber':
        'Invalid phone number. Please enter a valid 10-digit phone number.',
    });
  });

  it('keeps digits only and lower-cases addresses', () => {
    const parsed = createSurveySchema.parse({
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: ' Ada@Example.COM ' },
        { contactMethodType: 'phone', phoneNumber: '+1 (555) 123-4567' },
      ],
    });
    expect(parsed.surveyContactMethods).toEqual([
      { contactMethodType: 'email', emailAddress: 'ada@example.com' },
      { contactMethodType: 'phone', phoneNumber: '+15551234567' },
    ]);
    expect(parsed.surveyProperties).toEqual({});
    expect(
      uniqueContactMethods([
        { contactMethodType: 'email', emailAddress: 'a@b.co' },
        { contactMethodType: 'email', emailAddress: 'a@b.co' },
      ]),
    ).toHaveLength(1);
  });

  it('formats phone numbers US style as they are typed', () => {
    expect(formatPhoneNumber('555')).toBe('(555');
    expect(formatPhoneNumber('55512')).toBe('(555) 12');
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneNumber('445551234567')).toBe('+445551234567');
    expect(formatPhoneNumber('')).toBe('');
  });

  it('reads a bulk row: e-mail and/or phone, at least one', () => {
    expect(readRowContactMethods({ emailAddress: 'a@b.co', phoneNumber: '(555) 123-4567' })).toEqual({
      contactMethods: [
        { contactMethodType: 'email', emailAddress: 'a@b.co' },
        { contactMethodType: 'phone', phoneNumber: '5551234567' },
      ],
      errors: {},
    });
    expect(readRowContactMethods({ emailAddress: ' ', phoneNumber: null }).errors).toEqual({
      surveyContactMethods: 'At least one contact method (email or phone) is required',
    });
    expect(readRowContactMethods({ emailAddress: 'x', phoneNumber: '12' }).errors).toEqual({
      emailAddress: 'Invalid email format',
      phoneNumber: 'Invalid phone number. Please enter a valid 10-digit phone number.',
    });
  });
});

describe('survey property values (docs/product-rules.md#sending-surveys)', () => {
  const properties = [
    property({
      id: 'name',
      label: 'First name',
      type: 'Text',
      validation: { required: true, authentication: false },
    }),
    property({ id: 'visits', label: 'Visits', type: 'Number' }),
    property({ id: 'born', label: 'Birthday', type: 'Date' }),
    property({ id: 'at', label: 'Visited at', type: 'DateTime' }),
    property({ id: 'vip', label: 'VIP', type: 'Boolean' }),
    property({ id: 'store', label: 'Store', type: 'ListItem', listId }),
  ];
  const context = {
    resolveListItem: (list: string, value: string) =>
      list === listId && (value === itemId || value.toLowerCase() === 'north') ? itemId : undefined,
  };

  it('stores typed values by property id and leaves empty optional ones out', () => {
    expect(
      validateSurveyProperties(
        properties,
        {
          name: ' Ada ',
          visits: '3',
          born: '1990-02-28',
          at: '2026-01-02T03:04:05+01:00',
          vip: 'true',
          store: 'North',
        },
        context,
      ),
    ).toEqual({
      values: {
        name: 'Ada',
        visits: 3,
        born: '1990-02-28',
        at: '2026-01-02T02:04:05.000Z',
        vip: true,
        store: itemId,
      },
      errors: {},
    });
    expect(
      validateSurveyProperties(properties, { name: 'Ada', visits: 0, vip: false }, context).values,
    ).toEqual({ name: 'Ada', visits: 0, vip: false });
  });

  it('names each problem by property id', () => {
    expect(
      validateSurveyProperties(
        properties,
        {
          name: '  ',
          visits: 'many',
          born: '1990-02-30',
          at: 'yesterday',
          vip: 'maybe',
          store: 'South',
          other: 'x',
        },
        context,
      ).errors,
    ).toEqual({
      name: 'This field is required',
      visits: 'Visits must be a valid number',
      born: 'Birthday must be a valid date (YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date)',
      at: 'Visited at must be a valid date and time (YYYY-MM-DDTHH:MM, optionally with seconds and a zone such as Z or +01:00)',
      vip: 'VIP must be true or false',
      store: 'Store must be an item of its list',
      other: 'This property is not in the template',
    });
    expect(validateSurveyProperties(properties, {}, context).errors).toEqual({
      name: 'This field is required',
    });
  });

  it('maps CSV headers (labels, any case) or ids to property ids', () => {
    expect(keyPropertyValuesById(properties, { 'first NAME': 'Ada', visits: '2', Colour: 'red' })).toEqual({
      values: { name: 'Ada', visits: '2' },
      errors: { Colour: '"Colour" is not a property of this template' },
    });
    expect(keyPropertyValuesById(properties, { name: 'Ada', 'First name': 'Bob' }).errors).toEqual({
      'First name': 'First name is given twice',
    });
  });

  it('formats values for texts', () => {
    expect(formatPropertyValue('Date', '2026-03-04')).toBe('03/04/2026');
    expect(formatPropertyValue('Boolean', true)).toBe('Yes');
    expect(formatPropertyValue('ListItem', itemId, 'North')).toBe('North');
    expect(formatPropertyValue('DateTime', '2026-03-04T15:05:00.000Z')).toBe('3/4/2026, 3:05 PM UTC');
  });
});

describe('expiration', () => {
  const sent = new Date('2026-01-31T12:00:00.000Z');

  it('adds hours, days, weeks and months', () => {
    expect(addPeriod(sent, 5, 'hours').toISOString()).toBe('2026-01-31T17:00:00.000Z');
    expect(addPeriod(sent, 30, 'days').toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(addPeriod(sent, 2, 'weeks').toISOString()).toBe('2026-02-14T12:00:00.000Z');
    expect(addPeriod(sent, 1, 'months').toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });

  it('closes a survey at its expiry unless it is complete', () => {
    const expiresAt = new Date('2026-02-01T00:00:00.000Z');
    expect(isSurveyExpired({ state: 'OPENED', expiresAt }, new Date('2026-01-31T23:59:59.999Z'))).toBe(false);
    expect(isSurveyExpired({ state: 'OPENED', expiresAt }, expiresAt)).toBe(true);
    expect(isSurveyExpired({ state: 'COMPLETE', expiresAt }, new Date('2027-01-01T00:00:00.000Z'))).toBe(
      false,
    );
  });
});
