import { describe, expect, it } from 'vitest';
import { validateExtraAnswer } from './question-answer-rules.js';
import { surveyDefinitionSchema } from './survey-definition.js';
import {
  localizeQuestion,
  translatableFields,
  translatableOptions,
  translationEntries,
} from './translations.js';
import { translationsFromTable, translationsToTable } from './translations-csv.js';

// Decision 025 with the question types of decision 027: every text a respondent reads is a
// translation entry (grid, CSV, page); settings (dates, display, link address) are not.

const ids = {
  ces: '00000000-0000-4000-8000-000000000011',
  csat: '00000000-0000-4000-8000-000000000012',
  date: '00000000-0000-4000-8000-000000000013',
  consent: '00000000-0000-4000-8000-000000000014',
  ranking: '00000000-0000-4000-8000-000000000015',
  matrix: '00000000-0000-4000-8000-000000000016',
};

function definition(extra: Record<string, unknown> = {}) {
  return surveyDefinitionSchema.parse({
    openingText: '',
    closingText: '',
    questions: [
      {
        id: ids.ces,
        type: 'CustomerEffortScore',
        question: 'How easy?',
        startLabel: 'Hard',
        endLabel: 'Easy',
      },
      {
        id: ids.csat,
        type: 'CustomerSatisfactionScore',
        question: 'How satisfied?',
        display: 'faces',
        startLabel: 'Unhappy',
        endLabel: 'Happy',
      },
      { id: ids.date, type: 'DateEntry', question: 'When?', minDate: '2026-01-01', maxDate: '2026-12-31' },
      {
        id: ids.consent,
        type: 'Consent',
        question: 'Consent',
        consentText: 'I agree to be contacted.',
        linkUrl: 'https://example.com/privacy',
        linkLabel: 'Privacy policy',
      },
      { id: ids.ranking, type: 'Ranking', question: 'Rank these', answerOptions: ['Price', 'Speed'] },
      {
        id: ids.matrix,
        type: 'Matrix',
        question: 'Rate us',
        rows: [
          { id: 'staff', text: 'Staff were friendly' },
          { id: 'wait', text: 'The wait was short' },
        ],
        columns: ['Disagree', 'Neutral', 'Agree'],
      },
    ].map((question) => ({ label: question.type, ...question })),
    ...extra,
  });
}

describe('translatable texts of the added question types', () => {
  const [ces, csat, date, consent, ranking, matrix] = definition().questions;

  it('takes start/end labels, consent text and link label, never display, dates or the link address', () => {
    expect(translatableFields(ces!)).toEqual({ question: 'How easy?', startLabel: 'Hard', endLabel: 'Easy' });
    expect(translatableFields(csat!)).toEqual({
      question: 'How satisfied?',
      startLabel: 'Unhappy',
      endLabel: 'Happy',
    });
    expect(translatableFields(date!)).toEqual({ question: 'When?' });
    expect(translatableFields(consent!)).toEqual({
      question: 'Consent',
      consentText: 'I agree to be contacted.',
      linkLabel: 'Privacy policy',
    });
  });

  it('takes ranking options, matrix statements and columns as options', () => {
    expect(translatableOptions(ranking!)).toEqual(['Price', 'Speed']);
    expect(translatableOptions(matrix!)).toEqual([
      'Staff were friendly',
      'The wait was short',
      'Disagree',
      'Neutral',
      'Agree',
    ]);
  });

  it('lists them as grid and CSV entries', () => {
    const keys = translationEntries(definition()).map((entry) => entry.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `question:${ids.ces}:startLabel`,
        `question:${ids.csat}:endLabel`,
        `question:${ids.consent}:consentText`,
        `question:${ids.consent}:linkLabel`,
        `question:${ids.ranking}:option:1`,
        `question:${ids.matrix}:option:0`,
        `question:${ids.matrix}:option:4`,
      ]),
    );
    expect(keys.some((key) => /minDate|maxDate|display|linkUrl/.test(key))).toBe(false);
  });
});

describe('translations of the added question types', () => {
  const spanish = {
    es: {
      questions: {
        [ids.consent]: { consentText: 'Acepto que me contacten.', linkLabel: 'Política de privacidad' },
        [ids.ranking]: { options: { Price: 'Precio', Speed: 'Rapidez' } },
        [ids.matrix]: {
          question: 'Valórenos',
          options: { 'Staff were friendly': 'El personal fue amable', Agree: 'De acuerdo' },
        },
      },
    },
  };

  it('survive parsing and round-trip through the CSV table', () => {
    const parsed = definition({ translations: spanish });
    expect(parsed.translations).toEqual(spanish);
    const table = translationsToTable(parsed);
    expect(table).toContainEqual([
      `question:${ids.matrix}:option:0`,
      'Staff were friendly',
      'El personal fue amable',
    ]);
    expect(table).toContainEqual([
      `question:${ids.consent}:linkLabel`,
      'Privacy policy',
      'Política de privacidad',
    ]);
    const back = translationsFromTable(parsed, table);
    expect(back.problems).toEqual([]);
    expect(back.translations).toEqual(parsed.translations);
  });

  it('drops translations of settings that are not texts', () => {
    const parsed = definition({
      translations: {
        es: {
          questions: {
            [ids.date]: { minDate: '2026-02-01' },
            [ids.csat]: { display: 'stars', startLabel: 'Descontento' },
            [ids.consent]: { linkUrl: 'https://example.es' },
          },
        },
      },
    });
    expect(parsed.translations.es?.questions).toEqual({ [ids.csat]: { startLabel: 'Descontento' } });
  });

  it('localize the texts while answers keep the default-language options and row ids', () => {
    const parsed = definition({ translations: spanish });
    const ranking = parsed.questions[4]!;
    const matrix = parsed.questions[5]!;
    const localizedRanking = localizeQuestion(ranking, parsed.translations.es?.questions[ranking.id]);
    expect(localizedRanking.optionLabels).toEqual({ Price: 'Precio', Speed: 'Rapidez' });
    expect(localizedRanking.question).toEqual(ranking);
    const localizedMatrix = localizeQuestion(matrix, parsed.translations.es?.questions[matrix.id]);
    expect(localizedMatrix.question).toMatchObject({
      question: 'Valórenos',
      rows: matrix.type === 'Matrix' && matrix.rows,
    });
    expect(localizedMatrix.optionLabels['Staff were friendly']).toBe('El personal fue amable');
    // Answers are validated against the default-language texts, whatever the page's language.
    expect(validateExtraAnswer(ranking, ['Speed', 'Price'])).toBeUndefined();
    expect(validateExtraAnswer(ranking, ['Rapidez', 'Precio'])).toBeDefined();
    expect(validateExtraAnswer(matrix, { staff: 3, wait: 1 })).toBeUndefined();
  });
});
