import {
  checkTextFilter,
  isTextQuestionType,
  keywordFilterField,
  keywordFilterOperators,
  normaliseKeyword,
  type ResponseFilter,
  responseFilterOperatorLabels,
  type SurveyQuestion,
  sentimentFilterField,
  sentimentFilterOperators,
  textSentimentLabels,
  textSentiments,
} from '@graphium/shared';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';

// The Filter Responses modal's "Comments" section (docs/decisions/030-text-analytics.md): a text
// question's sentiment (is / is not) or keyword (contains / does not contain).

type Kind = 'sentiment' | 'keyword';

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The filter the fields describe, or undefined while incomplete or invalid. */
function buildTextFilter(questionId: string, kind: Kind, operator: string, value: string) {
  if (!questionId || !value.trim() || checkTextFilter(kind, operator, value)) return undefined;
  return kind === 'sentiment'
    ? { field: sentimentFilterField(questionId), operator: operator as 'is' | 'is_not', value }
    : {
        field: keywordFilterField(questionId),
        operator: operator as 'contains' | 'not_contains',
        value: normaliseKeyword(value),
      };
}

export function TextFilterFields({
  questions,
  onAdd,
}: {
  questions: readonly SurveyQuestion[];
  onAdd: (filter: ResponseFilter) => void;
}) {
  const textQuestions = questions.filter((question) => isTextQuestionType(question.type));
  const [questionId, setQuestionId] = useState('');
  const [kind, setKind] = useState<Kind>('sentiment');
  const [operator, setOperator] = useState<string>('is');
  const [value, setValue] = useState('');
  if (textQuestions.length === 0) return null;
  const filter = buildTextFilter(questionId, kind, operator, value);
  const operators = kind === 'sentiment' ? sentimentFilterOperators : keywordFilterOperators;
  const select = `${inputClasses} mt-1.5`;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Comments</legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Comment question">
          {(id) => (
            <select
              id={id}
              className={select}
              value={questionId}
              onChange={(event) => setQuestionId(event.target.value)}
            >
              <option value="">Select a question</option>
              {textQuestions.map((question) => (
                <option key={question.id} value={question.id}>
                  {question.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Filter by">
          {(id) => (
            <select
              id={id}
              className={select}
              value={kind}
              onChange={(event) => {
                const next = event.target.value as Kind;
                setKind(next);
                setOperator(next === 'sentiment' ? 'is' : 'contains');
                setValue('');
              }}
            >
              <option value="sentiment">Sentiment</option>
              <option value="keyword">Keyword</option>
            </select>
          )}
        </Field>
        <Field label="Comment operator">
          {(id) => (
            <select
              id={id}
              className={select}
              value={operator}
              onChange={(event) => setOperator(event.target.value)}
            >
              {operators.map((item) => (
                <option key={item} value={item}>
                  {responseFilterOperatorLabels[item]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={kind === 'sentiment' ? 'Sentiment' : 'Keyword or two-word phrase'}>
          {(id) =>
            kind === 'sentiment' ? (
              <select
                id={id}
                className={select}
                value={value}
                onChange={(event) => setValue(event.target.value)}
              >
                <option value="">Select a sentiment</option>
                {textSentiments.map((sentiment) => (
                  <option key={sentiment} value={sentiment}>
                    {textSentimentLabels[sentiment]}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                className={select}
                value={value}
                autoComplete="off"
                onChange={(event) => setValue(event.target.value)}
              />
            )
          }
        </Field>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={!filter}
        onClick={() => {
          if (!filter) return;
          onAdd(filter);
          setValue('');
        }}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add Comment Filter
      </Button>
    </fieldset>
  );
}
