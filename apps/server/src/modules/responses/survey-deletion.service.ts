import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { surveyResponseNotFoundMessage } from './responses.service.js';
import { removeSurveys } from './survey-removal.js';

/**
 * `DELETE /surveys/{id}` (editors): deletes a survey and its response, taking it out of every
 * aggregate in the same transaction (docs/decisions/043-erasure-and-access-requests.md). It cannot
 * be undone; the audit log records that a survey went, not what it held.
 */
export async function deleteSurvey(ctx: AppContext, actor: WorkspaceActor, surveyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const result = await removeSurveys(tx, actor.workspaceId, [surveyId]);
    if (result.removed === 0) throw notFound(surveyResponseNotFoundMessage);
    await recordAudit(
      ctx,
      tx,
      actor,
      'survey.deleted',
      { type: 'survey', id: surveyId },
      { wasComplete: result.completed > 0 },
    );
  });
}
