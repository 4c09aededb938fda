import {
  contactMethodRequiredMessage,
  invalidEmailMessage,
  invalidPhoneMessage,
  requiredFieldMessage,
} from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { itemIds, listId, properties, propertyIds, versionId } from './send-survey-fixtures';
import {
  formatPhoneInput,
  hasErrors,
  initialValues,
  toCreateSurveyInput,
  validateSendSurvey,
} from './send-survey-form';

const options = { [listId]: [{ value: itemIds.north, label: 'North Road' }] };

describe('send survey form rules', () => {
  it('formats phone numbers US style as they are typed, with +1 for an 11-digit number', () => {
    expect(formatPhoneInput('5')).toBe('(5');
    expect(formatPhoneInput('5551')).toBe('(555) 1');
    expect(formatPhoneInput('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneInput('+44 20 7946 0958 12345')).toBe('+442079460958123');
  });

  it('starts with one empty contact group and the defaults false, 0 and empty text', () => {
    const values = initialValues(properties);
    expect(values.contacts).toHaveLength(1);
    expect(values.properties).toEqual({
      [propertyIds.firstName]: '',
      [propertyIds.visits]: '0',
      [propertyIds.birthday]: '',
      [propertyIds.member]: false,
      [propertyIds.store]: '',
    });
  });

  it('needs a contact method, a valid e-mail and phone, and the required properties', () => {
    const values = initialValues(properties);
    const empty = validateSendSurvey(properties, values, options);
    expect(empty.contacts[0]).toEqual({ group: contactMethodRequiredMessage });
    expect(empty.properties).toEqual({
      [propertyIds.firstName]: requiredFieldMessage,
      [propertyIds.store]: requiredFieldMessage,
    });
    expect(hasErrors(empty)).toBe(true);

    const bad = validateSendSurvey(
      properties,
      { ...values, contacts: [{ key: 1, email: 'ada@example', phone: '(555) 123' }] },
      options,
    );
    expect(bad.contacts[0]).toEqual({ email: invalidEmailMessage, phone: invalidPhoneMessage });

    const good = validateSendSurvey(
      properties,
      {
        contacts: [{ key: 1, email: 'ada@example.com', phone: '' }],
        properties: {
          ...values.properties,
          [propertyIds.firstName]: 'Ada',
          [propertyIds.store]: itemIds.north,
        },
      },
      options,
    );
    expect(hasErrors(good)).toBe(false);
  });

  it('refuses a list item that is not offered (an archived one)', () => {
    const values = initialValues(properties);
    const errors = validateSendSurvey(
      properties,
      { ...values, properties: { ...values.properties, [propertyIds.store]: itemIds.closed } },
      options,
    );
    expect(errors.properties[propertyIds.store]).toBe('Store must be an item of its list');
  });

  it('builds the payload: phone as digits, typed values, empty optional ones left out', () => {
    const values = initialValues(properties);
    const input = toCreateSurveyInput(versionId, properties, {
      contacts: [
        { key: 1, email: ' ada@example.com ', phone: '+1 (555) 123-4567' },
        { key: 2, email: '', phone: '(555) 987-6543' },
      ],
      properties: {
        ...values.properties,
        [propertyIds.firstName]: 'Ada',
        [propertyIds.visits]: '3',
        [propertyIds.member]: true,
        [propertyIds.store]: itemIds.north,
      },
    });
    expect(input).toEqual({
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [
        { contactMethodType: 'email', emailAddress: 'ada@example.com' },
        { contactMethodType: 'phone', phoneNumber: '15551234567' },
        { contactMethodType: 'phone', phoneNumber: '5559876543' },
      ],
      surveyProperties: {
        [propertyIds.firstName]: 'Ada',
        [propertyIds.visits]: 3,
        [propertyIds.member]: true,
        [propertyIds.store]: itemIds.north,
      },
    });
  });

  it('reads phones against a non-US default country and sends them in E.164 (decision 021)', () => {
    expect(formatPhoneInput('0412 345 678', 'AU')).toBe('0412 345 678');
    const values = initialValues(properties);
    const contacts = (phone: string) => [{ key: 1, email: '', phone }];
    const bad = validateSendSurvey(
      properties,
      { ...values, contacts: contacts('(555) 123-4567') },
      options,
      'AU',
    );
    expect(bad.contacts[0]).toEqual({
      phone: 'Enter a valid phone number for Australia, or start with + and the country code.',
    });
    const good = validateSendSurvey(
      properties,
      { ...values, contacts: contacts('0412 345 678') },
      options,
      'AU',
    );
    expect(good.contacts[0]).toEqual({});
    const input = toCreateSurveyInput(
      versionId,
      properties,
      { ...values, contacts: contacts('0412 345 678') },
      'AU',
    );
    expect(input.surveyContactMethods).toEqual([{ contactMethodType: 'phone', phoneNumber: '+61412345678' }]);
  });
});
