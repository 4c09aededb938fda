import { type SurveyQuestion, scaleRange } from '@graphium/shared';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useListOptions } from '@/features/lists/api/get-list';
import { isChoice } from './question-text';

type LogicValueFieldProps = {
  /** The question whose answer the condition reads. */
  question: SurveyQuestion;
  value: string | number;
  onChange: (value: string | number) => void;
  error?: string | undefined;
};

/**
 * The value a logic condition compares with, as the question's answers look (decision 023): a
 * scale's numbers, a choice's options (a list's items by label), or text.
 */
export function LogicValueField({ question, value, onChange, error }: LogicValueFieldProps) {
  const listId = isChoice(question) ? question.listId : undefined;
  const listOptions = useListOptions(listId ? [listId] : []);
  const range = scaleRange(question);
  if (range) {
    const options = Array.from({ length: range.max - range.min + 1 }, (_, index) => {
      const number = String(range.min + index);
      return { value: number, label: number };
    });
    return (
      <SelectField
        label="Value"
        value={value === '' ? '' : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        options={options}
        error={error}
      />
    );
  }
  if (isChoice(question)) {
    const options = listId
      ? (listOptions[listId]?.options ?? [])
      : (question.answerOptions ?? []).map((option) => ({ value: option, label: option }));
    return (
      <SelectField
        label="Value"
        value={String(value)}
        onValueChange={onChange}
        options={options}
        error={error}
      />
    );
  }
  return (
    <TextField
      label="Value"
      autoComplete="off"
      value={String(value)}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
