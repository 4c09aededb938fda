import type { SurveyAnswer, SurveyQuestion } from '@graphium/shared';
import { isMatrixAnswer } from '@graphium/shared/answer-rules';
import type { ReactNode } from 'react';
import { ConsentQuestion } from './consent-question';
import { DateQuestion } from './date-question';
import { EffortScale, SatisfactionScale } from './effort-satisfaction-question';
import { MatrixQuestion } from './matrix-question';
import { groupFrame, singleFrame } from './question-frames';
import { RankingQuestion } from './ranking-question';

interface ExtraQuestionFieldProps {
  question: SurveyQuestion;
  value: SurveyAnswer | undefined;
  onChange: (value: SurveyAnswer) => void;
  heading: ReactNode;
  headingId: string;
  /** Translated labels of options, columns and statements (decision 025); answers keep the originals. */
  optionLabels?: Readonly<Record<string, string>>;
}

/**
 * The question types added by decision 027 as a respondent sees them; null for the seven
 * older types, which QuestionField draws itself.
 */
export function ExtraQuestionField({
  question,
  value,
  onChange,
  heading,
  headingId,
  optionLabels = {},
}: ExtraQuestionFieldProps) {
  const number = typeof value === 'number' ? value : undefined;
  const isRequired = question.validation.required;
  const labelsId = `${headingId}-labels`;
  const group = (control: ReactNode) => groupFrame(heading, control);
  const single = (control: ReactNode) => singleFrame(heading, control);
  switch (question.type) {
    case 'CustomerEffortScore':
      return group(
        <EffortScale
          name={headingId}
          value={number}
          onChange={onChange}
          startLabel={question.startLabel}
          endLabel={question.endLabel}
          labelsId={labelsId}
        />,
      );
    case 'CustomerSatisfactionScore':
      return group(
        <SatisfactionScale
          display={question.display}
          name={headingId}
          value={number}
          onChange={onChange}
          startLabel={question.startLabel}
          endLabel={question.endLabel}
          labelsId={labelsId}
        />,
      );
    case 'DateEntry':
      return single(
        <DateQuestion
          id={`answer-${question.id}`}
          labelledBy={headingId}
          isRequired={isRequired}
          minDate={question.minDate}
          maxDate={question.maxDate}
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
        />,
      );
    case 'Consent':
      return single(
        <ConsentQuestion
          id={`answer-${question.id}`}
          describedBy={headingId}
          isRequired={isRequired}
          consentText={question.consentText}
          linkUrl={question.linkUrl}
          linkLabel={question.linkLabel}
          value={value === true}
          onChange={onChange}
        />,
      );
    case 'Ranking':
      return single(
        <RankingQuestion
          options={question.answerOptions}
          optionLabels={optionLabels}
          value={Array.isArray(value) ? value : undefined}
          onChange={onChange}
          describedBy={headingId}
        />,
      );
    case 'Matrix':
      return group(
        <MatrixQuestion
          questionId={question.id}
          rows={question.rows}
          columns={question.columns}
          optionLabels={optionLabels}
          isRequired={isRequired}
          value={isMatrixAnswer(value) ? value : undefined}
          onChange={onChange}
        />,
      );
    default:
      return null;
  }
}
