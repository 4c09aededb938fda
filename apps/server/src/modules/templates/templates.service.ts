import {
  canChangeTemplateState,
  checkAlertsAgainstQuestions,
  isDefinitionEditable,
  isPropertyCondition,
  type NewTemplate,
  type SurveyDefinition,
  type SurveySettings,
  staleTemplateMessage,
  surveyDefinitionSchema,
  surveySettingsSchema,
  type TemplateChanges,
  type TemplateKind,
  type TemplateVersionModel,
  templateBodyPrefix,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { findOwnListIds } from '../lists/list-lookup.service.js';
import {
  findPublishedVersion,
  findTemplate,
  findVersion,
  findVersions,
  insertTemplate,
  insertVersion,
  nextVersionNumber,
  type TemplateRow,
  type TemplateState,
  updateTemplate,
  updateVersion,
  type VersionRow,
} from './templates.repository.js';

/** A version that does not exist, or that the actor may not see; also a malformed id's answer. */
export const templateNotFoundMessages: Record<TemplateKind, string> = {
  survey: 'Survey template not found',
  base: 'Base survey template not found',
};

export function isProvider(ctx: AppContext, actor: WorkspaceActor): boolean {
  return ctx.providerWorkspaceId !== undefined && actor.workspaceId === ctx.providerWorkspaceId;
}

/**
 * Base templates are changed only from the provider workspace
 * (docs/product-rules.md#survey-templates-and-versions).
 */
function requireWriter(ctx: AppContext, actor: WorkspaceActor, kind: TemplateKind): void {
  if (kind === 'base' && !isProvider(ctx, actor)) {
    throw forbidden('Only the provider workspace can create or change base templates.');
  }
}

/** Whether the actor may see this template's version at all; anything else answers 404. */
function canRead(
  ctx: AppContext,
  actor: WorkspaceActor,
  template: TemplateRow,
  version: VersionRow,
): boolean {
  if (template.kind === 'survey') return template.workspaceId === actor.workspaceId;
  // Every workspace may use a published base version ("Use a predefined template").
  return (
    template.workspaceId === ctx.providerWorkspaceId &&
    (isProvider(ctx, actor) || version.state === 'PUBLISHED')
  );
}

function canWrite(ctx: AppContext, actor: WorkspaceActor, template: TemplateRow): boolean {
  if (template.kind === 'survey') return template.workspaceId === actor.workspaceId;
  return isProvider(ctx, actor) && template.workspaceId === actor.workspaceId;
}

function toView(template: TemplateRow, version: VersionRow, versions: VersionRow[]): TemplateVersionModel {
  return {
    versionId: version.id,
    templateId: template.id,
    name: template.name,
    description: template.description,
    state: version.state,
    versionNumber: version.versionNumber,
    definition: surveyDefinitionSchema.parse(version.definition),
    settings: surveySettingsSchema.parse(version.settings),
    baseVersionId: version.baseVersionId,
    createdByAccountId: version.createdByAccountId,
    createdAt: version.createdAt.toISOString(),
    updatedAt: version.updatedAt.toISOString(),
    versions: versions.map((item) => ({
      versionId: item.id,
      versionNumber: item.versionNumber,
      state: item.state,
      updatedAt: item.updatedAt.toISOString(),
    })),
  };
}

async function loadView(
  db: Executor,
  template: TemplateRow,
  version: VersionRow,
): Promise<TemplateVersionModel> {
  return toView(template, version, await findVersions(db, template.id));
}

export async function getTemplateVersion(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
): Promise<TemplateVersionModel> {
  const found = await findVersion(ctx.db, kind, versionId);
  if (!found || !canRead(ctx, actor, found.template, found.version))
    throw notFound(templateNotFoundMessages[kind]);
  return loadView(ctx.db, found.template, found.version);
}

function listReferences(definition: SurveyDefinition): [string, string][] {
  const references: [string, string][] = [];
  definition.properties.forEach((property, index) => {
    if (property.listId) references.push([`properties.${index}.listId`, property.listId]);
  });
  definition.questions.forEach((question, index) => {
    if ('listId' in question && question.listId)
      references.push([`questions.${index}.listId`, question.listId]);
  });
  return references;
}

/**
 * Lists referenced by ListItem properties and list-based questions must be the workspace's own.
 * Lookup lists belong to one workspace, so a base template, copied into every customer's
 * workspace, cannot use them.
 */
async function checkListReferences(
  db: Executor,
  kind: TemplateKind,
  workspaceId: string,
  definition: SurveyDefinition,
): Promise<void> {
  const references = listReferences(definition);
  if (references.length === 0) return;
  const field = (path: string) => `${templateBodyPrefix(kind)}Definition.${path}`;
  if (kind === 'base') {
    const message = 'Base templates cannot use lookup lists: each workspace has its own lists.';
    throw invalid(message, Object.fromEntries(references.map(([path]) => [field(path), message])));
  }
  const known = await findOwnListIds(db, workspaceId, [...new Set(references.map(([, id]) => id))]);
  const details = Object.fromEntries(
    references
      .filter(([, id]) => !known.has(id))
      .map(([path]) => [field(path), 'Choose a list of this workspace']),
  );
  if (Object.keys(details).length > 0)
    throw invalid('The definition uses a list that does not exist.', details);
}

function checkSettings(kind: TemplateKind, settings: SurveySettings, definition: SurveyDefinition): void {
  const problems = checkAlertsAgainstQuestions(settings.alerts, definition.questions, definition.properties);
  if (Object.keys(problems).length > 0) {
    const details = Object.fromEntries(
      Object.entries(problems).map(([path, message]) => [
        `${templateBodyPrefix(kind)}Settings.${path}`,
        message,
      ]),
    );
    // A property condition's problem names the property in the message itself (decision 035).
    const propertyProblem = Object.entries(problems).find(([path]) => {
      const [, alertIndex, , conditionIndex] = path.split('.');
      const condition = settings.alerts[Number(alertIndex)]?.conditions[Number(conditionIndex)];
      return condition !== undefined && isPropertyCondition(condition);
    });
    throw invalid(
      propertyProblem
        ? `An alert does not fit the survey's properties: ${propertyProblem[1]}`
        : 'An alert does not fit the questions of the survey.',
      details,
    );
  }
}

const templateTarget = (template: { id: string; name: string }) => ({
  type: 'template',
  id: template.id,
  label: template.name,
});

export async function createTemplate(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  input: NewTemplate,
): Promise<TemplateVersionModel> {
  requireWriter(ctx, actor, kind);
  let definition: SurveyDefinition = surveyDefinitionSchema.parse({});
  let settings: SurveySettings = surveySettingsSchema.parse({});
  let baseVersionId: string | null = null;
  if (input.baseVersionId) {
    const base = await findVersion(ctx.db, 'base', input.baseVersionId);
    if (!base || !canRead(ctx, actor, base.template, base.version) || base.version.state !== 'PUBLISHED') {
      throw invalid('Choose a published base template.', {
        baseSurveyTemplateVersionId: 'Choose a base template',
      });
    }
    // The same question and property ids, so answers stay comparable with the base.
    definition = surveyDefinitionSchema.parse(base.version.definition);
    settings = surveySettingsSchema.parse(base.version.settings);
    baseVersionId = base.version.id;
  }
  return ctx.db.transaction(async (tx) => {
    const template = await insertTemplate(tx, {
      workspaceId: actor.workspaceId,
      kind,
      name: input.name,
      description: input.description,
    });
    const version = await insertVersion(tx, {
      templateId: template.id,
      versionNumber: 1,
      state: 'DRAFT',
      definition,
      settings,
      baseVersionId,
      createdByAccountId: actor.accountId ?? null,
    });
    await recordAudit(ctx, tx, actor, 'template.created', templateTarget(template), { kind, baseVersionId });
    return loadView(tx, template, version);
  });
}

export async function updateTemplateVersion(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
  input: TemplateChanges,
): Promise<TemplateVersionModel> {
  requireWriter(ctx, actor, kind);
  const view = await ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, kind, versionId, true);
    if (!found || !canWrite(ctx, actor, found.template)) throw notFound(templateNotFoundMessages[kind]);
    const { template, version } = found;
    if (input.updatedAt && new Date(input.updatedAt).getTime() !== version.updatedAt.getTime()) {
      throw conflict(staleTemplateMessage);
    }
    if (input.definition && !isDefinitionEditable(version.state)) {
      throw conflict(
        'Only a draft version can change its questions and properties. Use Edit to create a new draft.',
      );
    }
    const definition = input.definition ?? surveyDefinitionSchema.parse(version.definition);
    const settings = input.settings ?? surveySettingsSchema.parse(version.settings);
    if (input.definition) await checkListReferences(tx, kind, template.workspaceId, definition);
    if (input.definition || input.settings) checkSettings(kind, settings, definition);
    if (input.name !== undefined || input.description !== undefined) {
      await updateTemplate(tx, template.id, { name: input.name, description: input.description });
    }
    const updated = await updateVersion(
      tx,
      version.id,
      { definition: input.definition, settings: input.settings },
      ctx.now(),
    );
    const fresh = (await findTemplate(tx, kind, template.id)) ?? template;
    const named = (row: typeof template) => ({ name: row.name, description: row.description });
    const parts = (['definition', 'settings'] as const).filter((part) => input[part] !== undefined);
    await recordAudit(ctx, tx, actor, 'template.edited', templateTarget(fresh), {
      kind,
      versionNumber: version.versionNumber,
      changed: parts,
      before: named(template),
      after: named(fresh),
    });
    return loadView(tx, fresh, updated);
  });
  // A link's start reads the published version's settings (its expiration) from the link cache.
  if (input.settings) ctx.linkCache.forgetTemplate(view.templateId);
  return view;
}

/**
 * Edit on a published or unpublished version: a new draft copying the newest version. When the
 * newest is already a draft, that draft is the answer (Edit twice makes one draft).
 */
export async function createDraftVersion(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  templateId: string,
): Promise<TemplateVersionModel> {
  requireWriter(ctx, actor, kind);
  return ctx.db.transaction(async (tx) => {
    const template = await findTemplate(tx, kind, templateId, true);
    if (!template || !canWrite(ctx, actor, template)) throw notFound(templateNotFoundMessages[kind]);
    const [newest] = await findVersions(tx, template.id);
    if (!newest) throw notFound(templateNotFoundMessages[kind]);
    if (newest.state === 'DRAFT') return loadView(tx, template, newest);
    const draft = await insertVersion(tx, {
      templateId: template.id,
      versionNumber: await nextVersionNumber(tx, template.id),
      state: 'DRAFT',
      definition: newest.definition,
      settings: newest.settings,
      baseVersionId: newest.baseVersionId,
      createdByAccountId: actor.accountId ?? null,
    });
    await recordAudit(ctx, tx, actor, 'template.edited', templateTarget(template), {
      kind,
      newDraftVersion: draft.versionNumber,
    });
    return loadView(tx, template, draft);
  });
}

const stateWords: Record<TemplateState, string> = {
  DRAFT: 'a draft',
  PUBLISHED: 'published',
  UNPUBLISHED: 'unpublished',
};

/** Publish and unpublish; publishing a version unpublishes the template's previously published one. */
export async function changeTemplateState(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
  to: 'PUBLISHED' | 'UNPUBLISHED',
): Promise<TemplateVersionModel> {
  requireWriter(ctx, actor, kind);
  const view = await ctx.db.transaction(async (tx) => {
    const found = await findVersion(tx, kind, versionId, true);
    if (!found || !canWrite(ctx, actor, found.template)) throw notFound(templateNotFoundMessages[kind]);
    const { template, version } = found;
    if (!canChangeTemplateState(version.state, to)) {
      throw conflict(
        to === 'PUBLISHED'
          ? 'This version is already published.'
          : `This version is ${stateWords[version.state]}: only a published version can be unpublished.`,
      );
    }
    if (to === 'PUBLISHED') {
      const definition = surveyDefinitionSchema.parse(version.definition);
      if (definition.questions.length === 0) {
        throw new AppError('CONFLICT', 'Add at least one question before publishing.');
      }
      const published = await findPublishedVersion(tx, template.id);
      if (published) await updateVersion(tx, published.id, { state: 'UNPUBLISHED' }, ctx.now());
    }
    const updated = await updateVersion(tx, version.id, { state: to }, ctx.now());
    const action = to === 'PUBLISHED' ? 'template.published' : 'template.unpublished';
    await recordAudit(ctx, tx, actor, action, templateTarget(template), {
      kind,
      versionNumber: version.versionNumber,
      before: { state: version.state },
      after: { state: to },
    });
    return loadView(tx, template, updated);
  });
  // Public links answer with the published version: their starts here see the change at once
  // (docs/decisions/032-link-cache.md).
  ctx.linkCache.forgetTemplate(view.templateId);
  return view;
}
