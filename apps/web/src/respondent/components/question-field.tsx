import type { RespondentList, SurveyAnswer, SurveyQuestion } from '@graphium/shared';
import { lazy, type ReactNode, type Ref, Suspense } from 'react';
import { type ChoiceOption, DropdownList, MultipleChoice } from './choice-question';
import { RequiredMark } from './page-shell';
import { groupFrame, singleFrame } from './question-frames';
import { NumberScale, StarScale } from './scale-question';
import { headingFocus } from './styles';
import { LongText, ShortText } from './text-question';

// The renderers of the types added in decision 027 load with the first such question, so the
// first view stays within its budget (bench/respondent-size.mjs).
const ExtraQuestionField = lazy(() =>
  import('./extra-question-field').then((module) => ({ default: module.ExtraQuestionField })),
);

export interface QuestionFieldProps {
  question: SurveyQuestion;
  value: SurveyAnswer | undefined;
  onChange: (value: SurveyAnswer) => void;
  lists: RespondentList[];
  headingRef: Ref<HTMLHeadingElement>;
  /** Option text → its label in the respondent's language (decision 025); values stay the text. */
  optionLabels?: Record<string, string>;
}

const range = (start: number, end: number) =>
  Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => ({ value: start + index }));

/**
 * A choice question's options: its typed ones, or the active items of its list
 * (docs/product-rules.md#the-respondent-page).
 */
function optionsOf(
  question: Extract<SurveyQuestion, { type: 'MultipleChoice' | 'DropdownList' }>,
  lists: RespondentList[],
  optionLabels: Record<string, string>,
) {
  if (question.listId) {
    const list = lists.find((candidate) => candidate.listId === question.listId);
    return (list?.listItems ?? []).map(
      (item): ChoiceOption => ({ value: item.listItemId, label: item.label }),
    );
  }
  return (question.answerOptions ?? []).map(
    (option): ChoiceOption => ({ value: option, label: optionLabels[option] ?? option }),
  );
}

/**
 * One question as a respondent sees it (docs/product-rules.md#the-respondent-page "Question types shown to
 * respondents").
 */
export function QuestionField({
  question,
  value,
  onChange,
  lists,
  headingRef,
  optionLabels = {},
}: QuestionFieldProps) {
  const headingId = `question-${question.id}`;
  const isRequired = question.validation.required;
  const heading = (
    <h2
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      className={`text-xl font-semibold text-gray-900 ${headingFocus}`}
    >
      {question.question}
      {isRequired ? <RequiredMark /> : null}
    </h2>
  );
  const number = typeof value === 'number' ? value : undefined;
  const text = typeof value === 'string' ? value : undefined;
  const labelsId = `${headingId}-labels`;

  const group = (control: ReactNode) => groupFrame(heading, control);
  const single = (control: ReactNode) => singleFrame(heading, control);

  switch (question.type) {
    case 'NetPromoterScore':
    case 'NumericScale': {
      const options =
        question.type === 'NetPromoterScore' ? range(0, 10) : range(question.startNumber, question.endNumber);
      return group(
        <NumberScale
          name={headingId}
          options={options}
          value={number}
          onChange={onChange}
          startLabel={question.startLabel}
          endLabel={question.endLabel}
          labelsId={labelsId}
        />,
      );
    }
    case 'StarRatingScale':
      return group(
        <StarScale
          name={headingId}
          value={number}
          onChange={onChange}
          startLabel={question.startLabel}
          endLabel={question.endLabel}
          labelsId={labelsId}
        />,
      );
    case 'MultipleChoice':
      return group(
        <MultipleChoice
          questionId={question.id}
          options={optionsOf(question, lists, optionLabels)}
          includeOther={question.includeOtherOption}
          isMultiSelect={question.multiSelect}
          value={Array.isArray(value) ? value : undefined}
          onChange={onChange}
        />,
      );
    case 'DropdownList':
      return single(
        <DropdownList
          questionId={question.id}
          options={optionsOf(question, lists, optionLabels)}
          includeOther={question.includeOtherOption}
          value={text}
          placeholder={question.placeholderText}
          isRequired={isRequired}
          labelledBy={headingId}
          onChange={onChange}
        />,
      );
    case 'ShortTextEntry':
    case 'LongTextEntry': {
      const Control = question.type === 'ShortTextEntry' ? ShortText : LongText;
      return single(
        <Control
          id={`answer-${question.id}`}
          labelledBy={headingId}
          isRequired={isRequired}
          placeholder={question.placeholderText}
          maxLength={question.maxLength}
          value={text}
          onChange={onChange}
        />,
      );
    }
    default:
      return (
        <Suspense fallback={heading}>
          <ExtraQuestionField
            question={question}
            value={value}
            onChange={onChange}
            heading={heading}
            headingId={headingId}
            optionLabels={optionLabels}
          />
        </Suspense>
      );
  }
}
