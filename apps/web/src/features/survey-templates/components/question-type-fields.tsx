import type { QuestionType } from '@graphium/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import type { QuestionFormValues } from './question-form';
import { parseLines } from './question-form-extra';
import { TextAreaField } from './text-area-field';

/** The first message of an error tree (a list's item errors included). */
function messageIn(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const nested = messageIn(value);
    if (nested) return nested;
  }
  return undefined;
}

function countHint(lines: string[], one: string, many: string, example: string) {
  return lines.length === 0 ? example : `${lines.length} ${lines.length === 1 ? one : many}`;
}

type QuestionTypeFieldsProps = {
  type: QuestionType;
  register: UseFormRegister<QuestionFormValues>;
  errors: FieldErrors<QuestionFormValues>;
  watched: Pick<QuestionFormValues, 'rankingOptions' | 'matrixRows' | 'matrixColumns'>;
};

/**
 * The Add/Edit Question fields of the added question types (decision 027): CSAT's faces
 * or stars, a date's range, the consent text and link, ranking options, matrix statements and
 * columns. The shared rules' messages land on the question's paths (answerOptions, rows, ...).
 */
export function QuestionTypeFields({ type, register, errors, watched }: QuestionTypeFieldsProps) {
  const errorAt = (path: string) => messageIn((errors as Record<string, unknown>)[path]);
  switch (type) {
    case 'CustomerSatisfactionScore':
      return (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">Display</legend>
          <div className="flex flex-wrap gap-6">
            {(
              [
                ['faces', 'Faces'],
                ['stars', 'Stars'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-700">
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-indigo-600"
                  {...register('display')}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'DateEntry':
      return (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Earliest Date (optional)"
            type="date"
            error={errorAt('minDate')}
            {...register('minDate')}
          />
          <TextField
            label="Latest Date (optional)"
            type="date"
            error={errorAt('maxDate')}
            {...register('maxDate')}
          />
        </div>
      );
    case 'Consent':
      return (
        <>
          <TextAreaField
            label="Consent Text"
            rows={3}
            hint="What the respondent agrees to by ticking the box."
            error={errorAt('consentText')}
            {...register('consentText')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Link URL (optional)"
              type="url"
              autoComplete="off"
              placeholder="https://"
              error={errorAt('linkUrl')}
              {...register('linkUrl')}
            />
            <TextField
              label="Link Label (optional)"
              autoComplete="off"
              hint="For example: Privacy notice"
              error={errorAt('linkLabel')}
              {...register('linkLabel')}
            />
          </div>
        </>
      );
    case 'Ranking':
      return (
        <TextAreaField
          label="Options to Rank (one per line)"
          rows={5}
          hint={countHint(
            parseLines(watched.rankingOptions),
            'option',
            'options',
            'For example: Price, then Speed on the next line',
          )}
          error={errorAt('answerOptions')}
          {...register('rankingOptions')}
        />
      );
    case 'Matrix':
      return (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextAreaField
            label="Statements (one per line)"
            rows={5}
            hint={countHint(
              parseLines(watched.matrixRows),
              'statement',
              'statements',
              'Each is a row answered on the scale.',
            )}
            error={errorAt('rows')}
            {...register('matrixRows')}
          />
          <TextAreaField
            label="Scale Columns (one per line)"
            rows={5}
            hint={countHint(
              parseLines(watched.matrixColumns),
              'column',
              'columns',
              'From the lowest to the highest.',
            )}
            error={errorAt('columns')}
            {...register('matrixColumns')}
          />
        </div>
      );
    default:
      return null;
  }
}
