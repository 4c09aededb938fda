// Languages of the respondent page and of a template's texts (decision 025). This file
// imports no zod: the respondent page bundles it as `@graphium/shared/translations`.

/** The languages the respondent page speaks; a template's languages are among them. */
export const surveyLanguages = ['en', 'es', 'fr', 'de', 'pt'] as const;
export type SurveyLanguage = (typeof surveyLanguages)[number];

/** Each language in its own words, for the respondent's language menu. */
export const nativeLanguageNames: Record<SurveyLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
};

/** Each language in English, for the staff screens. */
export const languageNames: Record<SurveyLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
};

export function isSurveyLanguage(value: unknown): value is SurveyLanguage {
  return typeof value === 'string' && (surveyLanguages as readonly string[]).includes(value);
}

/**
 * One question's translated texts: a text per field (`question`, `startLabel`, `placeholderText`,
 * whatever text fields a question type has) and `options`, option text → translated label.
 */
export type QuestionTranslation = Record<string, string | Record<string, string>>;

export interface LanguageTranslation {
  openingText?: string;
  closingText?: string;
  questions: Record<string, QuestionTranslation>;
}

export type Translations = Partial<Record<SurveyLanguage, LanguageTranslation>>;

// Structural shapes of survey-definition.ts's types: that file validates translations with the
// rules here, so importing its types back would make a cycle.
export type QuestionLike = { readonly id: string };
interface DefinitionLike {
  openingText: string;
  closingText: string;
  questions: readonly QuestionLike[];
  defaultLanguage: SurveyLanguage;
  translations: Translations;
}

/**
 * Fields that are not texts a respondent reads: ids, kinds, the staff's own label and category, and
 * the string settings of the added types (CSAT's display, a date range's bounds, the consent link's
 * address: a translator changes words, not behaviour or where a link leads).
 */
const untranslatedFields = new Set([
  'id',
  'type',
  'listId',
  'label',
  'category',
  'endSurveyValue',
  'display',
  'minDate',
  'maxDate',
  'linkUrl',
]);

/**
 * The texts of a question a respondent reads, by field: every non-empty text field except ids and
 * the staff-side label and category, so new question types' texts are translatable without a list
 * to keep in step.
 */
export function translatableFields(question: QuestionLike): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(question)) {
    if (untranslatedFields.has(field) || field.endsWith('Id')) continue;
    if (typeof value === 'string' && value.trim() !== '') fields[field] = value;
  }
  return fields;
}

/** A list item's text: a text itself, or the `text` of an item with an id (a matrix statement). */
function itemText(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null && 'id' in item && 'text' in item) {
    return typeof item.text === 'string' ? item.text : undefined;
  }
  return undefined;
}

/**
 * The option texts of a question: every list of texts it holds (answer options, ranking options,
 * matrix columns...) and the texts of its lists of statements with ids (matrix rows).
 */
export function translatableOptions(question: QuestionLike): string[] {
  const options: string[] = [];
  for (const value of Object.values(question)) {
    if (!Array.isArray(value)) continue;
    const texts = value.map(itemText);
    if (texts.every((text): text is string => text !== undefined)) options.push(...texts);
  }
  return [...new Set(options.filter((option) => option.trim() !== ''))];
}

/** The languages a template offers: its default language first, then its translations. */
export function templateLanguages(
  definition: Pick<DefinitionLike, 'defaultLanguage' | 'translations'>,
): SurveyLanguage[] {
  const others = surveyLanguages.filter(
    (language) => language !== definition.defaultLanguage && definition.translations[language],
  );
  return [definition.defaultLanguage, ...others];
}

/** "es-ES" → "es"; undefined when it is none of the page's languages. */
function toSurveyLanguage(tag: string | null | undefined): SurveyLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isSurveyLanguage(primary) ? primary : undefined;
}

/**
 * The language a respondent reads (decision 025): the link's `?lang=`, else the first of the browser's
 * languages the template offers, else the template's default language.
 */
export function chooseLanguage(input: {
  requested?: string | null;
  browserLanguages?: readonly string[];
  offered: readonly SurveyLanguage[];
  defaultLanguage: SurveyLanguage;
}): SurveyLanguage {
  const candidates = [input.requested, ...(input.browserLanguages ?? [])];
  for (const candidate of candidates) {
    const language = toSurveyLanguage(candidate);
    if (language && input.offered.includes(language)) return language;
  }
  return input.defaultLanguage;
}

/**
 * A question as a respondent reads it in `translation`'s language: its text fields translated where
 * a translation exists (else the default language's), and its options' labels. Options keep their
 * values: answers are stored by the default-language option, whatever the language.
 */
export function localizeQuestion<Q extends QuestionLike>(
  question: Q,
  translation: QuestionTranslation | undefined,
): { question: Q; optionLabels: Record<string, string> } {
  if (!translation) return { question, optionLabels: {} };
  const localized: Record<string, unknown> = { ...question };
  for (const field of Object.keys(translatableFields(question))) {
    const text = translation[field];
    if (typeof text === 'string' && text.trim() !== '') localized[field] = text;
  }
  const options = translation.options;
  const optionLabels = typeof options === 'object' ? options : {};
  return { question: localized as Q, optionLabels };
}

/** One translatable text of a definition: where it is and its default-language text. */
export interface TranslationEntry {
  /** `openingText`, `closingText`, `question:{id}:{field}` or `question:{id}:option:{n}`. */
  key: string;
  source: string;
  questionId?: string;
  field?: string;
  option?: string;
}

/** Every text a translator translates, in the order a respondent meets them. */
export function translationEntries(definition: DefinitionLike): TranslationEntry[] {
  const entries: TranslationEntry[] = [];
  if (definition.openingText.trim()) entries.push({ key: 'openingText', source: definition.openingText });
  for (const question of definition.questions) {
    for (const [field, source] of Object.entries(translatableFields(question))) {
      entries.push({ key: `question:${question.id}:${field}`, source, questionId: question.id, field });
    }
    translatableOptions(question).forEach((option, index) => {
      entries.push({
        key: `question:${question.id}:option:${index}`,
        source: option,
        questionId: question.id,
        option,
      });
    });
  }
  if (definition.closingText.trim()) entries.push({ key: 'closingText', source: definition.closingText });
  return entries;
}

/** The translation of one entry in one language, or undefined when it is missing. */
export function translationOf(
  translation: LanguageTranslation | undefined,
  entry: TranslationEntry,
): string | undefined {
  if (!translation) return undefined;
  let text: unknown;
  if (entry.key === 'openingText') text = translation.openingText;
  else if (entry.key === 'closingText') text = translation.closingText;
  else if (entry.questionId) {
    const question = translation.questions[entry.questionId];
    if (entry.option !== undefined) {
      const options = question?.options;
      text = typeof options === 'object' ? options[entry.option] : undefined;
    } else if (entry.field) text = question?.[entry.field];
  }
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** A copy of `translation` with one entry set (a blank text removes it). */
export function withTranslation(
  translation: LanguageTranslation | undefined,
  entry: TranslationEntry,
  text: string,
): LanguageTranslation {
  const next: LanguageTranslation = { ...translation, questions: { ...translation?.questions } };
  const value = text.trim() === '' ? undefined : text;
  if (entry.key === 'openingText' || entry.key === 'closingText') {
    if (value === undefined) delete next[entry.key];
    else next[entry.key] = value;
    return next;
  }
  if (!entry.questionId) return next;
  const question: QuestionTranslation = { ...next.questions[entry.questionId] };
  if (entry.option !== undefined) {
    const options = { ...(typeof question.options === 'object' ? question.options : {}) };
    if (value === undefined) delete options[entry.option];
    else options[entry.option] = value;
    if (Object.keys(options).length > 0) question.options = options;
    else delete question.options;
  } else if (entry.field) {
    if (value === undefined) delete question[entry.field];
    else question[entry.field] = value;
  }
  if (Object.keys(question).length > 0) next.questions[entry.questionId] = question;
  else delete next.questions[entry.questionId];
  return next;
}

/** The entries without a translation, per translated language (the default language has none). */
export function missingTranslations(definition: DefinitionLike): Partial<Record<SurveyLanguage, number>> {
  const entries = translationEntries(definition);
  const missing: Partial<Record<SurveyLanguage, number>> = {};
  for (const language of templateLanguages(definition).slice(1)) {
    const translation = definition.translations[language];
    missing[language] = entries.filter((entry) => translationOf(translation, entry) === undefined).length;
  }
  return missing;
}
