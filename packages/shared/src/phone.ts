import { type CountryCode, getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min';

// International phone numbers (docs/decisions/021-international-phone-numbers.md): a number is
// parsed against the workspace's default country (a leading + or 00 keeps its own country) with
// libphonenumber-js (its small "min" metadata), stored in E.164 ("+61412345678") and shown in
// the national format when it is of the workspace's country, else in the international one.
// A US workspace keeps the spec's rules (docs/product-rules.md#sending-surveys): 10 to 15 digits,
// stored as digits, shown as (555) 123-4567.

/**
 * The digits of a typed number; in a US workspace a phone number has 10 to 15 of them
 * (docs/product-rules.md#sending-surveys).
 */
export function toPhoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * US-style display of the digits typed so far (docs/product-rules.md#sending-surveys): (555) 123-4567, and
 * with 11 digits
 * starting with 1 the country code shows as +1 (555) 123-4567. Longer numbers show as +digits.
 */
export function formatPhoneNumber(value: string): string {
  const digits = toPhoneDigits(value);
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const prefix = local === digits ? '' : '+1 ';
  if (digits.length > 11 || (digits.length === 11 && !digits.startsWith('1'))) return `+${digits}`;
  if (local.length <= 3) return `${prefix}${local.length > 0 ? `(${local}` : ''}`;
  if (local.length <= 6) return `${prefix}(${local.slice(0, 3)}) ${local.slice(3)}`;
  return `${prefix}(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
}

export const defaultPhoneCountry = 'US';

const countries = new Set<string>(getCountries());

/** ISO 3166 alpha-2 codes libphonenumber knows. */
export function isPhoneCountry(code: string): boolean {
  return countries.has(code);
}

/** The countries a picker offers, by their English name (`Intl.DisplayNames`). */
export function phoneCountryOptions(locale = 'en'): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return [...countries]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function phoneCountryName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Enter a valid phone number for Australia, or start with + and the country code." */
export function invalidPhoneForCountryMessage(country: string): string {
  return `Enter a valid phone number for ${phoneCountryName(country)}, or start with + and the country code.`;
}

/** A leading 00 is the international prefix most countries dial: read as +. */
function international(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('+')) return trimmed;
  if (/^00[1-9]/.test(trimmed.replace(/[\s().-]/g, '')))
    return `+${trimmed.replace(/[\s().-]/g, '').slice(2)}`;
  return undefined;
}

/**
 * The stored form of a typed number, or undefined when it is not a phone number: E.164 for a
 * number parsed against `country`; in a US workspace a number without + or 00 keeps today's
 * rule (10 to 15 digits, stored as digits; ten digits are texted as +1).
 */
export function toStoredPhone(text: string, country: string = defaultPhoneCountry): string | undefined {
  if (!/^[\d\s().+-]+$/.test(text.trim())) return undefined;
  const withPlus = international(text);
  if (withPlus) {
    const parsed = parsePhoneNumberFromString(withPlus);
    if (parsed?.isValid()) return parsed.number;
    if (country === defaultPhoneCountry && text.trim().startsWith('+')) {
      const digits = toPhoneDigits(text);
      return /^\d{10,15}$/.test(digits) ? digits : undefined;
    }
    return undefined;
  }
  if (country === defaultPhoneCountry || !isPhoneCountry(country)) {
    const digits = toPhoneDigits(text);
    return /^\d{10,15}$/.test(digits) ? digits : undefined;
  }
  const parsed = parsePhoneNumberFromString(text, country as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * E.164 of a stored number. Rows written before decision 021 hold digits only: ten digits are a
 * US number (+1), longer ones carry their country code.
 */
export function phoneToE164(stored: string): string {
  if (stored.startsWith('+')) return stored;
  const digits = toPhoneDigits(stored);
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/**
 * A stored number for people: national format when it is of the workspace's country
 * ("0412 345 678" in Australia, "(555) 123-4567" in the US), else international ("+61 412 345 678").
 */
export function formatStoredPhone(stored: string, country: string = defaultPhoneCountry): string {
  const parsed = parsePhoneNumberFromString(phoneToE164(stored));
  if (country === defaultPhoneCountry && (!parsed || parsed.countryCallingCode === '1')) {
    return stored.startsWith('+') ? formatPhoneNumber(stored.slice(1)) : formatPhoneNumber(stored);
  }
  if (!parsed) return stored;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The stored forms a number may have been written in (a suppression or a contact method):
 * E.164, and for +1 numbers the digits and the ten digits of rows written before decision 021.
 */
export function storedPhoneFormsOf(e164OrDigits: string): string[] {
  const digits = toPhoneDigits(e164OrDigits);
  if (!/^\d{10,15}$/.test(digits)) return [];
  const e164 = phoneToE164(e164OrDigits.trim().startsWith('+') ? `+${digits}` : digits);
  const forms = [e164, e164.slice(1)];
  if (e164.startsWith('+1') && e164.length === 12) forms.push(e164.slice(2));
  return [...new Set(forms)];
}
