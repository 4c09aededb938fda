import { describe, expect, it } from 'vitest';
import {
  formatStoredPhone,
  invalidPhoneForCountryMessage,
  isPhoneCountry,
  phoneCountryOptions,
  phoneToE164,
  storedPhoneFormsOf,
  toStoredPhone,
} from './phone.js';
import { readRowContactMethods } from './survey.js';

describe('toStoredPhone (decision 021)', () => {
  it('keeps the US rule in a US workspace: 10 to 15 digits, stored as digits', () => {
    expect(toStoredPhone('(555) 123-4567', 'US')).toBe('5551234567');
    expect(toStoredPhone('+1 (555) 123-4567', 'US')).toBe('15551234567');
    expect(toStoredPhone('555-1234', 'US')).toBeUndefined();
  });

  it('reads a national number against the workspace country and stores E.164', () => {
    expect(toStoredPhone('0412 345 678', 'AU')).toBe('+61412345678');
    expect(toStoredPhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toStoredPhone('07400 123456', 'GB')).toBe('+447400123456');
  });

  it('keeps the country of a number written with + or 00', () => {
    expect(toStoredPhone('+61 412 345 678', 'GB')).toBe('+61412345678');
    expect(toStoredPhone('0061 412 345 678', 'US')).toBe('+61412345678');
    expect(toStoredPhone('+44 20 7946 0958', 'AU')).toBe('+442079460958');
  });

  it('refuses what is not a valid number of the country', () => {
    expect(toStoredPhone('0412 345', 'AU')).toBeUndefined();
    expect(toStoredPhone('12345678901', 'AU')).toBeUndefined();
    expect(toStoredPhone('call me', 'AU')).toBeUndefined();
    expect(invalidPhoneForCountryMessage('AU')).toBe(
      'Enter a valid phone number for Australia, or start with + and the country code.',
    );
  });
});

describe('phoneToE164', () => {
  it('reads numbers stored before decision 021 as today: ten digits are US', () => {
    expect(phoneToE164('5551234567')).toBe('+15551234567');
    expect(phoneToE164('15551234567')).toBe('+15551234567');
    expect(phoneToE164('+61412345678')).toBe('+61412345678');
  });
});

describe('formatStoredPhone', () => {
  it('shows the US format in a US workspace', () => {
    expect(formatStoredPhone('5551234567', 'US')).toBe('(555) 123-4567');
    expect(formatStoredPhone('15551234567', 'US')).toBe('+1 (555) 123-4567');
    expect(formatStoredPhone('+61412345678', 'US')).toBe('+61 412 345 678');
  });

  it('shows national format for the workspace country, else international', () => {
    expect(formatStoredPhone('+61412345678', 'AU')).toBe('0412 345 678');
    expect(formatStoredPhone('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(formatStoredPhone('+442079460958', 'AU')).toBe('+44 20 7946 0958');
    expect(formatStoredPhone('2125550100', 'AU')).toBe('+1 212 555 0100');
  });
});

describe('storedPhoneFormsOf', () => {
  it('lists E.164 and the digit forms rows may hold', () => {
    expect(storedPhoneFormsOf('+61412345678')).toEqual(['+61412345678', '61412345678']);
    expect(storedPhoneFormsOf('+15550102030')).toEqual(['+15550102030', '15550102030', '5550102030']);
    expect(storedPhoneFormsOf('+1')).toEqual([]);
  });
});

describe('countries', () => {
  it('offers the countries by name', () => {
    expect(isPhoneCountry('AU')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
    const options = phoneCountryOptions();
    expect(options.find((option) => option.code === 'AU')?.name).toBe('Australia');
    expect(options.length).toBeGreaterThan(200);
  });
});

describe('bulk rows', () => {
  it('read phones against the workspace country', () => {
    expect(readRowContactMethods({ phoneNumber: '0412 345 678' }, 'AU')).toEqual({
      contactMethods: [{ contactMethodType: 'phone', phoneNumber: '+61412345678' }],
      errors: {},
    });
    expect(readRowContactMethods({ phoneNumber: '555 123 4567' }, 'AU').errors).toEqual({
      phoneNumber: 'Enter a valid phone number for Australia, or start with + and the country code.',
    });
  });
});
