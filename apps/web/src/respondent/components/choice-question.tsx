import { readOtherAnswer, toOtherAnswer } from '@graphium/shared/answer-rules';
import { useState } from 'react';
import { useTranslator } from '../i18n/use-translator';
import { SearchableSelect } from './searchable-select';
import { textControl } from './styles';

export interface ChoiceOption {
  /** What is saved: the option text, or a list item's id for list-based questions. */
  value: string;
  label: string;
}

/** Longest "Other" text the server takes (survey-answer.ts maxOtherAnswerLength). */
const maxOtherLength = 500;
const otherValue = '__other__';

interface ChoiceProps {
  questionId: string;
  options: ChoiceOption[];
  includeOther: boolean;
  value: string[] | undefined;
}

/** The choice as chosen options and an "Other" text; an offered option is never read as other. */
function useOtherChoice({ options, value }: Pick<ChoiceProps, 'options' | 'value'>) {
  const chosen = value ?? [];
  const isPlain = (item: string) => options.some((option) => option.value === item);
  const saved = chosen.find((item) => !isPlain(item) && readOtherAnswer(item) !== undefined);
  const [isOtherChosen, setIsOtherChosen] = useState(saved !== undefined);
  const [otherText, setOtherText] = useState(saved === undefined ? '' : (readOtherAnswer(saved) ?? ''));
  return {
    plain: chosen.filter(isPlain),
    isOtherChosen,
    setIsOtherChosen,
    otherText,
    setOtherText,
    /** The saved "Other: …" entry: only with some text, as the server requires. */
    otherAnswers: (isChosen: boolean, text: string) => (isChosen && text.trim() ? [toOtherAnswer(text)] : []),
  };
}

function OtherText(props: { id: string; value: string; onChange: (text: string) => void; indent?: boolean }) {
  const { t } = useTranslator();
  return (
    <div className={props.indent ? 'mt-2 pl-8' : 'mt-2'}>
      <label htmlFor={props.id} className="sr-only">
        {t('question.specify')}
      </label>
      <input
        id={props.id}
        type="text"
        className={textControl}
        placeholder={t('question.specify')}
        maxLength={maxOtherLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

const choiceRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 bg-white px-3 py-2 hover:border-indigo-600 has-checked:border-indigo-600 has-checked:bg-indigo-50';
const choiceInput =
  'size-5 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * MultipleChoice (docs/product-rules.md#the-respondent-page): checkboxes, or radio buttons when only one
 * option may be chosen,
 * plus "Other (please specify)" with a text input when the question offers it. The answer is an
 * array of option values; the other one is saved as "Other: <text>" (survey-answer.ts).
 */
export function MultipleChoice({
  questionId,
  options,
  includeOther,
  value,
  isMultiSelect,
  onChange,
}: ChoiceProps & { isMultiSelect: boolean; onChange: (value: string[]) => void }) {
  const { t } = useTranslator();
  const choice = useOtherChoice({ options, value });
  const type = isMultiSelect ? 'checkbox' : 'radio';
  const name = `choice-${questionId}`;

  function choose(option: string, isChecked: boolean) {
    if (!isMultiSelect) {
      choice.setIsOtherChosen(false);
      onChange([option]);
      return;
    }
    const plain = isChecked ? [...choice.plain, option] : choice.plain.filter((item) => item !== option);
    // Keep the offered order, whatever the order of clicks.
    const ordered = options.map((item) => item.value).filter((item) => plain.includes(item));
    onChange([...ordered, ...choice.otherAnswers(choice.isOtherChosen, choice.otherText)]);
  }

  function chooseOther(isChecked: boolean) {
    choice.setIsOtherChosen(isChecked);
    const plain = isMultiSelect ? choice.plain : [];
    onChange([...plain, ...choice.otherAnswers(isChecked, choice.otherText)]);
  }

  function editOther(text: string) {
    choice.setOtherText(text);
    const plain = isMultiSelect ? choice.plain : [];
    onChange([...plain, ...choice.otherAnswers(true, text)]);
  }

  return (
    <div className="space-y-2">
      {options.map((option) => (
        <label key={option.value} className={choiceRow}>
          <input
            type={type}
            name={name}
            className={choiceInput}
            value={option.value}
            checked={choice.plain.includes(option.value)}
            onChange={(event) => choose(option.value, event.target.checked)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {includeOther ? (
        <div>
          <label className={choiceRow}>
            <input
              type={type}
              name={name}
              className={choiceInput}
              value={otherValue}
              checked={choice.isOtherChosen}
              onChange={(event) => chooseOther(event.target.checked)}
            />
            <span>{t('question.other')}</span>
          </label>
          {choice.isOtherChosen ? (
            <OtherText id={`other-${questionId}`} value={choice.otherText} onChange={editOther} indent />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * DropdownList (docs/product-rules.md#the-respondent-page): a native select (keyboard, touch and screen
 * readers for free) with
 * the placeholder text; the empty choice can be picked again, clearing the answer, only when
 * the question is not required.
 */
export function DropdownList({
  questionId,
  options,
  includeOther,
  value,
  placeholder,
  isRequired,
  labelledBy,
  onChange,
}: Omit<ChoiceProps, 'value'> & {
  value: string | undefined;
  placeholder: string;
  isRequired: boolean;
  labelledBy: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslator();
  const choice = useOtherChoice({ options, value: value ? [value] : [] });
  const selected = choice.plain[0] ?? (choice.isOtherChosen ? otherValue : '');

  function select(next: string) {
    const isOther = next === otherValue;
    choice.setIsOtherChosen(isOther);
    onChange(isOther ? (choice.otherAnswers(true, choice.otherText)[0] ?? '') : next);
  }

  function editOther(text: string) {
    choice.setOtherText(text);
    onChange(choice.otherAnswers(true, text)[0] ?? '');
  }

  return (
    <div>
      <SearchableSelect
        id={`dropdown-${questionId}`}
        labelledBy={labelledBy}
        options={includeOther ? [...options, { value: otherValue, label: t('question.other') }] : options}
        value={selected}
        placeholder={placeholder}
        isRequired={isRequired}
        onChange={select}
      />
      {choice.isOtherChosen ? (
        <OtherText id={`other-${questionId}`} value={choice.otherText} onChange={editOther} />
      ) : null}
    </div>
  );
}
