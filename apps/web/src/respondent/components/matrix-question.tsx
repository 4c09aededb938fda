import type { MatrixAnswer } from '@graphium/shared/answer-rules';
import { RequiredMark } from './page-shell';
import { hiddenInput, optionTile } from './styles';

interface MatrixQuestionProps {
  questionId: string;
  rows: readonly { id: string; text: string }[];
  columns: readonly string[];
  /** Translated statements and columns by their default-language text (decision 025). */
  optionLabels?: Readonly<Record<string, string>>;
  isRequired: boolean;
  value: MatrixAnswer | undefined;
  onChange: (value: MatrixAnswer) => void;
}

/**
 * Matrix (decision 027): each statement is its own radio group named by the statement, its
 * columns as tiles in a line (stacked from the lowest on a phone); the answer holds each statement's column
 * position (1 = the first column).
 */
export function MatrixQuestion({
  questionId,
  rows,
  columns,
  optionLabels = {},
  isRequired,
  value,
  onChange,
}: MatrixQuestionProps) {
  return (
    <div className="space-y-5">
      {rows.map((row) => {
        const name = `matrix-${questionId}-${row.id}`;
        return (
          <fieldset key={row.id} className="rounded-lg border border-gray-200 p-3">
            <legend className="px-1 font-medium text-gray-900">
              {optionLabels[row.text] ?? row.text}
              {isRequired ? <RequiredMark /> : null}
            </legend>
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              {columns.map((column, index) => {
                const position = index + 1;
                return (
                  <label key={column} className="min-w-0 sm:flex-1">
                    <input
                      type="radio"
                      className={hiddenInput}
                      name={name}
                      value={position}
                      checked={value?.[row.id] === position}
                      onChange={() => onChange({ ...value, [row.id]: position })}
                    />
                    <span className={`${optionTile} h-full py-2 text-center text-sm`}>
                      {optionLabels[column] ?? column}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
