import { type SurveyDefinition, type SurveyResponses, type SurveyState, scoreSurvey } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import {
  dispatchWebhookDeliveries,
  hasWebhooksFor,
  recordWebhookEvents,
} from '../webhooks/webhooks.service.js';
import { markSurveyOpened, markSurveyOpenedFirst } from './surveys.repository.js';

// What the surveys module tells workspace webhooks (docs/decisions/036-webhooks.md).

/**
 * Records an opening (SENT → OPENED on the first). Only a first opening in a workspace whose
 * webhooks receive `survey.opened` takes a transaction, to record the event with it.
 */
export async function markOpened(
  ctx: AppContext,
  survey: { id: string; workspaceId: string; templateVersionId: string; state: SurveyState },
  now: Date,
): Promise<SurveyState> {
  if (survey.state !== 'SENT' || !(await hasWebhooksFor(ctx, survey.workspaceId, 'survey.opened'))) {
    return markSurveyOpened(ctx.db, survey.id, now);
  }
  let deliveryIds: string[] = [];
  const state = await ctx.db.transaction(async (tx) => {
    const opened = await markSurveyOpenedFirst(tx, survey.id, now);
    if (opened.isFirstOpen) {
      deliveryIds = await recordWebhookEvents(ctx, tx, {
        workspaceId: survey.workspaceId,
        type: 'survey.opened',
        data: [
          {
            surveyId: survey.id,
            surveyTemplateVersionId: survey.templateVersionId,
            openedAt: now.toISOString(),
          },
        ],
      });
    }
    return opened.state;
  });
  dispatchWebhookDeliveries(ctx, deliveryIds);
  return state;
}

/** `survey.completed`'s data: the answers and the scores (docs/decisions/036-webhooks.md). */
export function completedEventData(
  surveyId: string,
  templateVersionId: string,
  definition: SurveyDefinition,
  responses: SurveyResponses,
  completedAt: Date,
  language: string | null,
): Record<string, unknown> {
  const score = scoreSurvey(definition, responses);
  return {
    surveyId,
    surveyTemplateVersionId: templateVersionId,
    completedAt: completedAt.toISOString(),
    language,
    surveyResponses: responses,
    scores: {
      compositeScore: score.overallPercentage,
      scoredQuestionCount: score.scoredQuestionCount,
      questionScores: score.questionScores,
    },
  };
}
