import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { joinAs } from '../audit/test-audit-fixtures.js';
import { createTemplate } from './test-templates-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const npsId = randomUUID();
const choiceId = randomUUID();
const definition = {
  openingText: 'Welcome',
  closingText: 'Thank you',
  questions: [
    {
      id: npsId,
      type: 'NetPromoterScore',
      question: 'Would you recommend us?',
      label: 'NPS',
      startLabel: 'No',
      endLabel: 'Yes',
    },
    {
      id: choiceId,
      type: 'MultipleChoice',
      question: 'Which service?',
      label: 'Service',
      answerOptions: ['Tyres', 'Brakes'],
    },
  ],
};

async function draft(client: TestClient, extra: object = {}) {
  const created = await createTemplate(client, `Languages ${randomUUID().slice(0, 8)}`);
  const url = `/api/survey-templates/${created.surveyTemplateVersionId}`;
  const response = await client.patch(url, { surveyTemplateDefinition: { ...definition, ...extra } });
  expect(response.statusCode, response.body).toBe(200);
  return { url, version: response.json() };
}

const spanish = {
  es: {
    openingText: 'Bienvenido',
    questions: { [choiceId]: { question: '¿Qué servicio?', options: { Tyres: 'Neumáticos' } } },
  },
};

describe('template translations in the definition', () => {
  it('stores translations with the default language and returns them', async () => {
    const { client } = await signUpClient(t.client());
    const { version } = await draft(client, { defaultLanguage: 'en', translations: spanish });
    expect(version.surveyTemplateDefinition.defaultLanguage).toBe('en');
    expect(version.surveyTemplateDefinition.translations).toEqual(spanish);
  });

  it.each([
    [{ translations: { xx: { questions: {} } } }, 'surveyTemplateDefinition.translations'],
    [{ translations: { en: { questions: {} } } }, 'surveyTemplateDefinition.translations.en'],
    [{ defaultLanguage: 'klingon' }, 'surveyTemplateDefinition.defaultLanguage'],
    [{ translations: { es: { questions: { [npsId]: { question: 'x'.repeat(1001) } } } } }, undefined],
  ])('refuses %j with a 400 and keeps the stored definition', async (extra, field) => {
    const { client } = await signUpClient(t.client());
    const { url } = await draft(client, { translations: spanish });
    const response = await client.patch(url, { surveyTemplateDefinition: { ...definition, ...extra } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    if (field) expect(Object.keys(response.json().details ?? {}).join(' ')).toContain(field);
    expect((await client.get(url)).json().surveyTemplateDefinition.translations).toEqual(spanish);
  });
});

describe('translations CSV', () => {
  it('exports a table a translator fills, and imports it back', async () => {
    const { client } = await signUpClient(t.client());
    const { url, version } = await draft(client, { translations: spanish });
    const exported = await client.get(`${url}/translations.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".+-translations\.csv"/);
    const table = parse(exported.body, { bom: true }) as string[][];
    expect(table[0]).toEqual(['key', 'en', 'es']);
    expect(table).toContainEqual([`question:${choiceId}:option:0`, 'Tyres', 'Neumáticos']);

    const filled = table.map((row, index) =>
      index === 0 ? [...row, 'fr'] : [...row, row[0] === 'openingText' ? 'Bienvenue' : ''],
    );
    filled[table.findIndex((row) => row[0] === `question:${choiceId}:option:1`)]![2] = 'Frenos';
    const imported = await client.post(`${url}/translations/import`, {
      csv: stringify(filled),
      updatedAt: version.updatedAt,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const translations = imported.json().surveyTemplateDefinition.translations;
    expect(translations.es.questions[choiceId].options).toEqual({ Tyres: 'Neumáticos', Brakes: 'Frenos' });
    expect(translations.fr).toEqual({ openingText: 'Bienvenue', questions: {} });
  });

  it.each([
    [
      'an unknown key',
      [
        ['key', 'en', 'es'],
        ['question:nope:question', 'Hello', 'Hola'],
      ],
      /"question:nope:question" is not a text/,
    ],
    ['an unknown language', [['key', 'en', 'xx']], /Column "xx" is not a language/],
    [
      'a changed source text',
      [
        ['key', 'en', 'es'],
        ['openingText', 'Hello', 'Hola'],
      ],
      /changed since the file was exported/,
    ],
    ['no key column', [['text', 'en', 'es']], /first column must be "key"/],
  ])('refuses %s with a 400 naming the problem and changes nothing', async (_name, rows, message) => {
    const { client } = await signUpClient(t.client());
    const { url } = await draft(client, { translations: spanish });
    const before = (await client.get(url)).json();
    const response = await client.post(`${url}/translations/import`, { csv: stringify(rows) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    const after = (await client.get(url)).json();
    expect(after.surveyTemplateDefinition.translations).toEqual(spanish);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('refuses an unreadable file and an empty body with a 400', async () => {
    const { client } = await signUpClient(t.client());
    const { url } = await draft(client);
    const broken = await client.post(`${url}/translations/import`, { csv: 'key,en\n"openingText,Welcome' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not a readable CSV/);
    expect((await client.post(`${url}/translations/import`, { csv: '' })).statusCode).toBe(400);
  });

  it('lets viewers export but not import, answers 404 to another workspace and 409 on a published version', async () => {
    const { client: admin } = await signUpClient(t.client());
    const { url } = await draft(admin);
    const { client: viewer } = await joinAs(t, admin, 'viewer');
    const csv = (await viewer.get(`${url}/translations.csv`)).body;
    expect(csv).toContain('openingText');
    expect((await viewer.post(`${url}/translations/import`, { csv })).statusCode).toBe(403);
    const { client: stranger } = await signUpClient(t.client());
    expect((await stranger.get(`${url}/translations.csv`)).statusCode).toBe(404);
    expect((await stranger.post(`${url}/translations/import`, { csv })).statusCode).toBe(404);
    expect((await admin.patch(`${url}/state`, { stateCode: 'PUBLISHED' })).statusCode).toBe(200);
    expect((await admin.post(`${url}/translations/import`, { csv })).statusCode).toBe(409);
  });
});
