import {
  emailAnswerParameter,
  firstEmailScale,
  formatEmailAnswer,
  type SurveyDefinition,
} from '@graphium/shared';
import type { AppContext } from '../../context.js';
import type { EmailScaleInput } from '../delivery/delivery.service.js';

/** The respondent page of a survey, as messages link to it. */
export function surveyLink(ctx: AppContext, surveyId: string): string {
  return `${ctx.config.publicUrl}/survey/${surveyId}`;
}

/**
 * The first question a respondent sees, as answer links for the survey's e-mails (decision 026),
 * when it is NPS, a star rating or a numeric scale of at most 11 steps. Each link opens the
 * respondent page with `?answer={questionId}:{value}`; the page saves nothing until the respondent
 * confirms, so a mail scanner that follows every link records nothing.
 */
export function firstQuestionLinks(
  ctx: AppContext,
  surveyId: string,
  definition: Pick<SurveyDefinition, 'questions'>,
): EmailScaleInput | undefined {
  const scale = firstEmailScale(definition);
  if (!scale) return undefined;
  const link = surveyLink(ctx, surveyId);
  return {
    question: scale.question.question,
    isStars: scale.isStars,
    startLabel: scale.startLabel,
    endLabel: scale.endLabel,
    links: scale.values.map((value) => ({
      value,
      // Question ids are UUIDs and values whole numbers: nothing to encode, and `:` may stand in a query.
      url: `${link}?${emailAnswerParameter}=${formatEmailAnswer({ questionId: scale.question.id, value })}`,
    })),
  };
}
