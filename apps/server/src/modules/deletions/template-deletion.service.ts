import { type MemberActor, workspaceActorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { removeSurveys } from '../responses/survey-removal.service.js';
import {
  deleteTemplateRows,
  findDeletableTemplate,
  findTemplateSurveyIds,
  lockTemplate,
} from './template-deletion.repository.js';

// Deleting a template with its responses (docs/decisions/044-retention-and-deletions.md).

/** Surveys removed per transaction: each batch is short, and a stopped deletion goes on from there. */
const templateDeletionBatchSize = 1000;

export interface TemplateDeletionReport {
  surveys: number;
  completedSurveys: number;
  versions: number;
}

/**
 * `POST /template-deletions`: an admin deletes a survey template, its name typed, with its
 * versions, surveys (taken out of every aggregate, its base template's benchmark included), public
 * links, recurring sends, digests and alerts on it. Surveys go a batch per transaction, then the
 * rest in one; what was removed is recorded (counts only). It cannot be undone.
 */
export async function deleteTemplate(
  ctx: AppContext,
  member: MemberActor,
  templateId: string,
  confirmation: string,
  options: { batchSize?: number } = {},
): Promise<TemplateDeletionReport> {
  const { workspaceId } = member.membership;
  const template = await findDeletableTemplate(ctx.db, workspaceId, templateId);
  if (!template) throw notFound('Survey template not found');
  if (template.kind !== 'survey') throw conflict('A base survey template cannot be deleted.');
  if (confirmation.trim() !== template.name) {
    throw invalid('The name you typed is not the template name.', {
      confirmation: `Type ${template.name} to confirm`,
    });
  }
  const batchSize = options.batchSize ?? templateDeletionBatchSize;
  let surveys = 0;
  let completedSurveys = 0;
  for (;;) {
    const ids = await findTemplateSurveyIds(ctx.db, workspaceId, templateId, batchSize);
    if (ids.length === 0) break;
    const removed = await ctx.db.transaction((tx) => removeSurveys(tx, workspaceId, ids));
    surveys += removed.removed;
    completedSurveys += removed.completed;
    if (ids.length < batchSize) break;
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await lockTemplate(tx, workspaceId, templateId))) throw notFound('Survey template not found');
    // Sent while the batches ran: they go in this transaction.
    for (;;) {
      const ids = await findTemplateSurveyIds(tx, workspaceId, templateId, batchSize);
      if (ids.length === 0) break;
      const removed = await removeSurveys(tx, workspaceId, ids);
      surveys += removed.removed;
      completedSurveys += removed.completed;
    }
    const versions = await deleteTemplateRows(tx, workspaceId, templateId);
    const report = { surveys, completedSurveys, versions };
    await recordAudit(
      ctx,
      tx,
      workspaceActorOf(member),
      'template.deleted',
      { type: 'template', id: templateId, label: template.name },
      { removed: report },
    );
    return report;
  });
}
