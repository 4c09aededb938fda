import { z } from 'zod';
import {
  type LanguageTranslation,
  type QuestionLike,
  surveyLanguages,
  translatableFields,
  translatableOptions,
} from './translations.js';

// The translations of a definition (decision 025): their schemas, and the pruning of texts that
// lost their source. Beside the definition's schema, which holds them.

export const surveyLanguageSchema = z.enum(surveyLanguages, {
  error: `Choose one of the languages surveys offer: ${surveyLanguages.join(', ')}`,
});

const translatedQuestionTextSchema = z
  .string()
  .trim()
  .max(1000, 'A translation must be at most 1000 characters');
const translatedOptionsSchema = z.record(
  z.string(),
  z.string().trim().max(200, 'A translated option must be at most 200 characters'),
);

/**
 * One language's texts (decision 025): opening and closing texts and, per question id, a text per
 * field plus `options` (option text → label). Answers keep the default language's option texts.
 */
export const languageTranslationSchema = z.object({
  openingText: z.string().max(5000, 'Opening text must be at most 5000 characters').optional(),
  closingText: z.string().max(5000, 'Closing text must be at most 5000 characters').optional(),
  questions: z
    .record(
      z.string(),
      z
        .record(z.string(), z.union([translatedQuestionTextSchema, translatedOptionsSchema]))
        .superRefine((question, context) => {
          for (const [field, value] of Object.entries(question)) {
            if ((field === 'options') !== (typeof value === 'object')) {
              context.addIssue({
                code: 'custom',
                path: [field],
                message: field === 'options' ? 'Options map each option to its text' : 'Expected text',
              });
            }
          }
        }),
    )
    .default({}),
});

/**
 * Drops what no longer has a source (a question or option removed, a text emptied) and blank
 * texts: the editor saves the definition as a whole, and a stale translation must not block it.
 */
export function pruneTranslation(
  translation: LanguageTranslation,
  definition: { openingText: string; closingText: string; questions: readonly QuestionLike[] },
): LanguageTranslation {
  const next: LanguageTranslation = { questions: {} };
  if (translation.openingText?.trim() && definition.openingText.trim())
    next.openingText = translation.openingText;
  if (translation.closingText?.trim() && definition.closingText.trim())
    next.closingText = translation.closingText;
  for (const question of definition.questions) {
    const texts = translation.questions[question.id];
    if (!texts) continue;
    const kept: Record<string, string | Record<string, string>> = {};
    for (const field of Object.keys(translatableFields(question))) {
      const text = texts[field];
      if (typeof text === 'string' && text.trim()) kept[field] = text;
    }
    const options = typeof texts.options === 'object' ? texts.options : {};
    const keptOptions = Object.fromEntries(
      translatableOptions(question)
        .filter((option) => options[option]?.trim())
        .map((option) => [option, options[option]!]),
    );
    if (Object.keys(keptOptions).length > 0) kept.options = keptOptions;
    if (Object.keys(kept).length > 0) next.questions[question.id] = kept;
  }
  return next;
}
