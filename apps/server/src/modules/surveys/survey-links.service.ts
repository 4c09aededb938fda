import type { AppContext } from '../../context.js';

/** The respondent page of a survey, as messages link to it. */
export function surveyLink(ctx: AppContext, surveyId: string): string {
  return `${ctx.config.publicUrl}/survey/${surveyId}`;
}
