import { describe, expect, it } from 'vitest';
import { chunkRows, parseBulkCsv, templateCsv } from './bulk-csv';

describe('bulk send CSV files', () => {
  it('reads e-mail, phone and property columns by header', () => {
    const parsed = parseBulkCsv(
      '\uFEFFEmail Address,Phone,First name\r\nada@example.com,(555) 123-4567,Ada\r\n,,\r\n',
    );
    expect(parsed).toEqual({
      ok: true,
      headers: ['Email Address', 'Phone', 'First name'],
      propertyHeaders: ['First name'],
      rows: [
        {
          emailAddress: 'ada@example.com',
          phoneNumber: '(555) 123-4567',
          properties: { 'First name': 'Ada' },
        },
      ],
    });
  });

  it('refuses more than 10,000 rows before anything is sent', () => {
    const text = `email\n${Array.from({ length: 10_001 }, (_, index) => `p${index}@example.com`).join('\n')}`;
    expect(parseBulkCsv(text)).toEqual({
      ok: false,
      errors: [
        'This file has 10,001 rows. You can send at most 10,000 surveys at a time. Split the file and send it in parts.',
      ],
    });
  });

  it('refuses an empty file', () => {
    expect(parseBulkCsv('email,phone\n')).toEqual({ ok: false, errors: ['The file has no rows to send.'] });
  });

  it('offers a template header row and splits rows in parts of 1,000', () => {
    expect(templateCsv(['First name', 'Store, city'])).toBe('email,phone,First name,"Store, city"\r\n');
    expect(chunkRows(Array.from({ length: 2500 }, (_, index) => index)).map((chunk) => chunk.length)).toEqual(
      [1000, 1000, 500],
    );
  });
});
