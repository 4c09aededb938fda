import clsx from 'clsx';
import { useId } from 'react';
import { FieldError } from '@/components/ui/form-field';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { getErrorMessage } from '@/lib/api-client';
import { useTemplates } from '../api/get-templates';

type BaseTemplatePickerProps = {
  value: string;
  onChange: (baseVersionId: string) => void;
  error?: string | undefined;
};

/** The published base templates as cards, with their real number of questions. */
export function BaseTemplatePicker({ value, onChange, error }: BaseTemplatePickerProps) {
  const bases = useTemplates('base');
  const name = useId();
  const errorId = `${name}-error`;
  const published = (bases.data ?? []).filter((base) => base.state === 'PUBLISHED');

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-900">Base Template</legend>
      {bases.isPending ? (
        <LoadingText>Loading base templates...</LoadingText>
      ) : bases.isError ? (
        <StatusMessage tone="error" className="mt-2">
          {`Error loading base survey templates: ${getErrorMessage(bases.error, 'Unknown error')}`}
        </StatusMessage>
      ) : published.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No predefined templates are available yet.</p>
      ) : (
        <div className="mt-2 grid max-h-80 gap-3 overflow-y-auto p-0.5 sm:grid-cols-2">
          {published.map((base) => {
            const isChosen = base.versionId === value;
            return (
              <label
                key={base.versionId}
                className={clsx(
                  'flex cursor-pointer gap-3 rounded-lg p-4 ring-1 has-focus-visible:ring-2 has-focus-visible:ring-indigo-600',
                  isChosen ? 'bg-indigo-50 ring-2 ring-indigo-600' : 'ring-gray-300 hover:bg-gray-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={base.versionId}
                  checked={isChosen}
                  onChange={() => onChange(base.versionId)}
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-gray-900">{base.name}</span>
                  {base.description && (
                    <span className="mt-0.5 block text-sm text-gray-600">{base.description}</span>
                  )}
                  <span className="mt-1 block text-xs font-medium text-gray-700">
                    {base.questionCount === 1 ? '1 question' : `${base.questionCount} questions`}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
