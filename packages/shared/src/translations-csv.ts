import type { SurveyDefinition } from './survey-definition.js';
import {
  isSurveyLanguage,
  type SurveyLanguage,
  surveyLanguages,
  type Translations,
  templateLanguages,
  translationEntries,
  translationOf,
  withTranslation,
} from './translations.js';

// A template's translations as a table for a translator (decision 025): a `key` column, the
// default language's texts, then one column per translated language. The CSV text itself is
// written and read by a CSV library (the server's csv-stringify and csv-parse); this file only
// turns the table into translations and back.

const translationKeyColumn = 'key';
/** At most this many rows: a template's 200 questions with their options fit many times over. */
const maxTranslationRows = 20_000;

/** The table of a definition's translations: a header row, then one row per text. */
export function translationsToTable(definition: SurveyDefinition): string[][] {
  const languages = templateLanguages(definition);
  const [, ...translated] = languages;
  const rows = translationEntries(definition).map((entry) => [
    entry.key,
    entry.source,
    ...translated.map((language) => translationOf(definition.translations[language], entry) ?? ''),
  ]);
  return [[translationKeyColumn, ...languages], ...rows];
}

export interface TranslationTableProblem {
  /** 1-based row of the file (the header is row 1); absent for a problem with the whole file. */
  row?: number;
  message: string;
}

/**
 * Reads a translator's table back: the translations of the languages in its columns are replaced
 * by the file's (an empty cell is a missing translation), other languages stay. A row whose
 * default-language text no longer matches the template's was exported before the texts changed:
 * it is refused rather than put on the wrong text. Any problem leaves the translations unchanged.
 */
export function translationsFromTable(
  definition: SurveyDefinition,
  table: readonly (readonly string[])[],
): { translations: Translations; problems: TranslationTableProblem[] } {
  const problems: TranslationTableProblem[] = [];
  const [header, ...rows] = table;
  const columns = (header ?? []).map((cell) => cell.trim());
  if (columns[0]?.replace(/^\uFEFF/, '').toLowerCase() !== translationKeyColumn) {
    problems.push({ message: `The first column must be "${translationKeyColumn}".` });
  }
  if (columns[1] !== definition.defaultLanguage) {
    problems.push({
      message: `The second column must hold the default language's texts ("${definition.defaultLanguage}").`,
    });
  }
  const languages: SurveyLanguage[] = [];
  for (const column of columns.slice(2)) {
    if (!isSurveyLanguage(column)) {
      problems.push({
        message: `Column "${column}" is not a language surveys offer (${surveyLanguages.join(', ')}).`,
      });
    } else if (column === definition.defaultLanguage || languages.includes(column)) {
      problems.push({ message: `Column "${column}" appears more than once.` });
    } else languages.push(column);
  }
  if (rows.length > maxTranslationRows) {
    problems.push({ message: `The file has more than ${maxTranslationRows} rows.` });
  }
  if (problems.length > 0) return { translations: definition.translations, problems };

  const entries = new Map(translationEntries(definition).map((entry) => [entry.key, entry]));
  const seen = new Set<string>();
  const next: Translations = { ...definition.translations };
  for (const language of languages) next[language] = { questions: {} };
  rows.forEach((cells, index) => {
    const row = index + 2;
    const key = (cells[0] ?? '').trim();
    if (key === '' && cells.every((cell) => cell.trim() === '')) return;
    const entry = entries.get(key);
    if (!entry) {
      problems.push({ row, message: `Row ${row}: "${key}" is not a text of this template.` });
      return;
    }
    if (seen.has(key)) {
      problems.push({ row, message: `Row ${row}: "${key}" appears more than once.` });
      return;
    }
    seen.add(key);
    if ((cells[1] ?? '').trim() !== entry.source.trim()) {
      problems.push({
        row,
        message: `Row ${row}: the ${definition.defaultLanguage} text of "${key}" changed since the file was exported. Export the translations again.`,
      });
      return;
    }
    languages.forEach((language, column) => {
      next[language] = withTranslation(next[language], entry, cells[column + 2] ?? '');
    });
  });
  return problems.length > 0
    ? { translations: definition.translations, problems }
    : { translations: next, problems };
}
