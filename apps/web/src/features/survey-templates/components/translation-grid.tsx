import {
  type LanguageTranslation,
  languageNames,
  type SurveyDefinition,
  type SurveyLanguage,
  type SurveyQuestion,
  type TranslationEntry,
  translationEntries,
  translationOf,
  withTranslation,
} from '@graphium/shared';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const fieldNames: Record<string, string> = {
  question: 'Question',
  startLabel: 'Start label',
  endLabel: 'End label',
  placeholderText: 'Placeholder',
  consentText: 'Consent text',
  linkLabel: 'Link label',
};

/** What an option text is in its question: a matrix statement or column, else an option. */
function optionKind(question: SurveyQuestion | undefined, option: string): string {
  if (question?.type === 'Matrix') {
    return question.rows.some((row) => row.text === option) ? 'Statement' : 'Column';
  }
  return 'Option';
}

/**
 * Where a text is, as an author reads it: "Opening text", "Q2 · Question", "Q2 · Option “Tyres”",
 * "Q3 · Statement “Staff were friendly”".
 */
function placeOf(
  entry: TranslationEntry,
  questions: Map<string, { number: number; question: SurveyQuestion }>,
) {
  if (entry.key === 'openingText') return 'Opening text';
  if (entry.key === 'closingText') return 'Closing text';
  const place = entry.questionId ? questions.get(entry.questionId) : undefined;
  const option = entry.option && entry.option.length > 40 ? `${entry.option.slice(0, 39)}…` : entry.option;
  const part =
    option !== undefined && entry.option !== undefined
      ? `${optionKind(place?.question, entry.option)} “${option}”`
      : (fieldNames[entry.field ?? ''] ?? entry.field ?? '');
  return `Q${place?.number ?? '?'} · ${part}`;
}

type TranslationGridProps = {
  definition: SurveyDefinition;
  language: SurveyLanguage;
  /** Why the texts cannot change (role, published version); undefined when they can. */
  editBlock: string | undefined;
  isSaving: boolean;
  onSave: (translation: LanguageTranslation) => Promise<unknown>;
};

/**
 * One language's translations (decision 025): each text of the template beside its default-language
 * source, the missing ones marked. Editors on a draft type and save them all at once.
 */
export function TranslationGrid({ definition, language, editBlock, isSaving, onSave }: TranslationGridProps) {
  const entries = translationEntries(definition);
  const translation = definition.translations[language];
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(entries.map((entry) => [entry.key, translationOf(translation, entry) ?? ''])),
  );
  const questions = new Map(
    definition.questions.map((question, index) => [question.id, { number: index + 1, question }]),
  );
  const name = languageNames[language];
  const source = languageNames[definition.defaultLanguage];
  const isReadOnly = editBlock !== undefined;

  const submit = () => {
    let next: LanguageTranslation = { questions: {} };
    for (const entry of entries) next = withTranslation(next, entry, texts[entry.key] ?? '');
    void onSave(next).catch(() => undefined);
  };

  if (entries.length === 0) {
    return <p className="text-sm text-gray-600">This template has no texts to translate yet.</p>;
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isReadOnly) submit();
      }}
    >
      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">{`${name} translations`}</caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Text
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {source}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {name}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {entries.map((entry) => {
              const place = placeOf(entry, questions);
              const value = texts[entry.key] ?? '';
              const isMissing = value.trim() === '';
              return (
                <tr key={entry.key} className="align-top">
                  <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-gray-900">
                    {place}
                    {isMissing && (
                      <span className="mt-1 block">
                        <Badge tone="amber">Missing</Badge>
                      </span>
                    )}
                  </th>
                  <td className="max-w-xs px-3 py-2 whitespace-pre-line text-gray-800 wrap-anywhere">
                    {entry.source}
                  </td>
                  <td className="min-w-56 px-3 py-2">
                    <textarea
                      aria-label={`${name}: ${place}`}
                      rows={entry.source.length > 80 ? 3 : 1}
                      readOnly={isReadOnly}
                      value={value}
                      onChange={(event) =>
                        setTexts((current) => ({ ...current, [entry.key]: event.target.value }))
                      }
                      className="block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm read-only:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={isSaving} disabledReason={editBlock}>
          Save Translations
        </Button>
      </div>
    </form>
  );
}
