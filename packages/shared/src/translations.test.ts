import { describe, expect, it } from 'vitest';
import { surveyDefinitionSchema } from './survey-definition.js';
import {
  chooseLanguage,
  localizeQuestion,
  missingTranslations,
  templateLanguages,
  translationEntries,
  translationOf,
  withTranslation,
} from './translations.js';
import { translationsFromTable, translationsToTable } from './translations-csv.js';

const npsId = '00000000-0000-4000-8000-000000000001';
const choiceId = '00000000-0000-4000-8000-000000000002';

function definition(extra: Record<string, unknown> = {}) {
  return surveyDefinitionSchema.parse({
    openingText: 'Welcome',
    closingText: 'Thanks',
    questions: [
      {
        id: npsId,
        type: 'NetPromoterScore',
        question: 'Would you recommend us?',
        label: 'NPS',
        startLabel: 'Never',
        endLabel: 'Surely',
      },
      {
        id: choiceId,
        type: 'MultipleChoice',
        question: 'Which service?',
        label: 'Service',
        answerOptions: ['Tyres', 'Brakes'],
      },
    ],
    ...extra,
  });
}

describe('chooseLanguage', () => {
  const offered = ['en', 'es', 'fr'] as const;
  it('takes the link language first, then the browser languages, then the default', () => {
    expect(
      chooseLanguage({
        requested: 'fr',
        browserLanguages: ['es-ES'],
        offered: [...offered],
        defaultLanguage: 'en',
      }),
    ).toBe('fr');
    expect(
      chooseLanguage({
        requested: null,
        browserLanguages: ['de-DE', 'es-ES'],
        offered: [...offered],
        defaultLanguage: 'en',
      }),
    ).toBe('es');
    expect(
      chooseLanguage({
        requested: 'pt',
        browserLanguages: ['de'],
        offered: [...offered],
        defaultLanguage: 'en',
      }),
    ).toBe('en');
  });

  it('reads region and case variants of a language', () => {
    expect(chooseLanguage({ requested: 'ES_mx', offered: ['en', 'es'], defaultLanguage: 'en' })).toBe('es');
  });
});

describe('template translations', () => {
  it('falls back to the default language for an untranslated text and labels options without changing their values', () => {
    const parsed = definition({
      translations: {
        es: { questions: { [choiceId]: { question: '¿Qué servicio?', options: { Tyres: 'Neumáticos' } } } },
      },
    });
    const choice = parsed.questions[1]!;
    const { question, optionLabels } = localizeQuestion(choice, parsed.translations.es?.questions[choiceId]);
    expect(question.question).toBe('¿Qué servicio?');
    expect(question.type === 'MultipleChoice' && question.answerOptions).toEqual(['Tyres', 'Brakes']);
    expect(optionLabels).toEqual({ Tyres: 'Neumáticos' });
    const nps = localizeQuestion(parsed.questions[0]!, parsed.translations.es?.questions[npsId]);
    expect(nps.question.question).toBe('Would you recommend us?');
  });

  it('counts missing texts per language', () => {
    const parsed = definition({
      translations: { es: { openingText: 'Bienvenido', questions: {} }, fr: { questions: {} } },
    });
    expect(templateLanguages(parsed)).toEqual(['en', 'es', 'fr']);
    // opening, 2 NPS texts + question, choice question + 2 options, closing = 8 texts
    expect(translationEntries(parsed)).toHaveLength(8);
    expect(missingTranslations(parsed)).toEqual({ es: 7, fr: 8 });
  });

  it('drops translations of removed questions and options, and refuses the default language as a translation', () => {
    const parsed = definition({
      translations: {
        es: {
          questions: {
            '00000000-0000-4000-8000-000000000009': { question: 'Fantasma' },
            [choiceId]: { options: { Gone: 'Ido', Brakes: 'Frenos' }, label: 'No' },
          },
        },
      },
    });
    expect(parsed.translations.es?.questions).toEqual({ [choiceId]: { options: { Brakes: 'Frenos' } } });
    const refused = surveyDefinitionSchema.safeParse({ translations: { en: { questions: {} } } });
    expect(refused.success).toBe(false);
    expect(surveyDefinitionSchema.safeParse({ translations: { xx: { questions: {} } } }).success).toBe(false);
  });

  it('sets and clears one text', () => {
    const parsed = definition();
    const entry = translationEntries(parsed).find((item) => item.option === 'Brakes')!;
    const set = withTranslation(undefined, entry, 'Frenos');
    expect(translationOf(set, entry)).toBe('Frenos');
    expect(withTranslation(set, entry, ' ').questions).toEqual({});
  });
});

describe('translations as a table', () => {
  it('round-trips through the table', () => {
    const parsed = definition({
      translations: {
        es: {
          openingText: 'Bienvenido',
          questions: { [choiceId]: { question: '¿Qué servicio?', options: { Brakes: 'Frenos' } } },
        },
      },
    });
    const table = translationsToTable(parsed);
    expect(table[0]).toEqual(['key', 'en', 'es']);
    const back = translationsFromTable(parsed, table);
    expect(back.problems).toEqual([]);
    expect(back.translations).toEqual(parsed.translations);
  });

  it('adds a language from its column and leaves the others', () => {
    const parsed = definition({ translations: { fr: { openingText: 'Bienvenue', questions: {} } } });
    const result = translationsFromTable(parsed, [
      ['key', 'en', 'de'],
      ['openingText', 'Welcome', 'Willkommen'],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.translations.de?.openingText).toBe('Willkommen');
    expect(result.translations.fr?.openingText).toBe('Bienvenue');
  });

  it('reports unknown keys, changed sources and unknown languages, and changes nothing', () => {
    const parsed = definition();
    const rows = translationsFromTable(parsed, [
      ['key', 'en', 'es'],
      ['question:nope:question', 'x', 'y'],
      ['openingText', 'Hello', 'Hola'],
    ]);
    expect(rows.problems.map((problem) => problem.row)).toEqual([2, 3]);
    expect(rows.translations).toBe(parsed.translations);
    const columns = translationsFromTable(parsed, [['key', 'en', 'xx']]);
    expect(columns.problems[0]?.message).toMatch(/Column "xx" is not a language/);
  });
});
