import type { SurveyDefinition, SurveyQuestion } from './survey-definition.js';

// The first question inside the survey e-mail (decision 026): a scale question's numbers as links
// `{survey link}?answer={questionId}:{value}`. The link only opens the respondent page; the answer
// counts once the respondent confirms it there. The server (which writes the links) and the
// respondent page (which reads them) share these rules. Zod-free: the page bundles it.

/** The query parameter of an answer link. */
export const emailAnswerParameter = 'answer';

/** A scale longer than this keeps the e-mail's plain button: eleven links already fill a phone's width. */
const maxEmailScaleSteps = 11;

export interface EmailAnswer {
  questionId: string;
  value: number;
}

export interface EmailScale {
  question: SurveyQuestion;
  /** The numbers offered, lowest first. */
  values: number[];
  isStars: boolean;
  startLabel: string;
  endLabel: string;
}

/** The numbers a scale question offers in an e-mail, or undefined when it is not one (or too long). */
export function emailScaleOf(question: SurveyQuestion | undefined): EmailScale | undefined {
  if (!question) return undefined;
  let bounds: [number, number];
  if (question.type === 'NetPromoterScore') bounds = [0, 10];
  else if (question.type === 'StarRatingScale') bounds = [1, 5];
  else if (question.type === 'NumericScale') bounds = [question.startNumber, question.endNumber];
  else return undefined;
  const [start, end] = bounds;
  const steps = end - start + 1;
  if (steps < 2 || steps > maxEmailScaleSteps) return undefined;
  return {
    question,
    values: Array.from({ length: steps }, (_, index) => start + index),
    isStars: question.type === 'StarRatingScale',
    startLabel: question.startLabel,
    endLabel: question.endLabel,
  };
}

/** The first question a respondent sees (the first active one), when the e-mail can offer it. */
export function firstEmailScale(definition: Pick<SurveyDefinition, 'questions'>): EmailScale | undefined {
  return emailScaleOf(definition.questions.find((question) => question.active !== false));
}

/** The parameter's value: `{questionId}:{value}`. */
export function formatEmailAnswer(answer: EmailAnswer): string {
  return `${answer.questionId}:${answer.value}`;
}

/** Reads `{questionId}:{value}`; undefined for anything else. */
export function readEmailAnswer(raw: string | null | undefined): EmailAnswer | undefined {
  const match = /^([\w-]{1,64}):(-?\d{1,4})$/.exec(raw ?? '');
  if (!match) return undefined;
  return { questionId: match[1]!, value: Number(match[2]) };
}

/**
 * The answer a link offers, when it fits the survey: the first question a respondent sees, a scale
 * the e-mail could show, and one of its numbers. Any other link opens the survey as usual.
 */
export function emailAnswerFor(
  questions: readonly SurveyQuestion[],
  answer: EmailAnswer | undefined,
): { scale: EmailScale; value: number } | undefined {
  if (!answer) return undefined;
  const scale = firstEmailScale({ questions: [...questions] });
  if (!scale || scale.question.id !== answer.questionId || !scale.values.includes(answer.value))
    return undefined;
  return { scale, value: answer.value };
}

/** How an answer reads to a person: "8", or "4 stars" on a star rating. */
export function emailAnswerText(scale: Pick<EmailScale, 'isStars'>, value: number): string {
  if (!scale.isStars) return String(value);
  return value === 1 ? '1 star' : `${value} stars`;
}
