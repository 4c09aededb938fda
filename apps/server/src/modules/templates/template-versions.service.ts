import { type SurveyDefinition, surveyDefinitionSchema } from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  findBaseTemplateId,
  findSentVersions,
  findSurveyTemplate,
  findVersion,
  findVersionDefinition,
  findVersionLineage,
  findVersionSettings as findVersionSettingsRows,
  type TemplateRow,
  type VersionLineage,
  type VersionRow,
  type VersionSettings,
} from './templates.repository.js';

// What other modules read of templates: a version's definition (cached), its template and
// lineage, and a survey template's versions.

// Surveys are sent from PUBLISHED versions, and only a DRAFT's definition ever changes
// (docs/product-rules.md#survey-templates-and-versions): a sent survey's definition is fixed, so each process
// keeps the parsed
// ones it has read. This is a cache of immutable data, never state another instance needs.
const definitions = new Map<string, SurveyDefinition>();
const maxCachedDefinitions = 500;

/** The parsed definition of a version, from the cache when this process has read it before. */
export async function loadVersionDefinition(db: Executor, versionId: string): Promise<SurveyDefinition> {
  const cached = definitions.get(versionId);
  if (cached) return cached;
  const row = await findVersionDefinition(db, versionId);
  const definition = surveyDefinitionSchema.parse(row?.definition ?? {});
  if (row && row.state !== 'DRAFT') {
    if (definitions.size >= maxCachedDefinitions) {
      const oldest = definitions.keys().next().value;
      if (oldest !== undefined) definitions.delete(oldest);
    }
    definitions.set(versionId, definition);
  }
  return definition;
}

/** The lists a definition draws on: ListItem properties, list-based questions, or both. */
export function listIdsOf(definition: SurveyDefinition, what?: 'properties' | 'questions'): string[] {
  const ids = [
    ...(what === 'questions' ? [] : definition.properties.map((property) => property.listId)),
    ...(what === 'properties'
      ? []
      : definition.questions.map((question) => ('listId' in question ? question.listId : undefined))),
  ];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** A survey template's version with its template, or undefined (drafts included). */
export async function findSurveyVersion(
  db: Executor,
  versionId: string,
): Promise<{ version: VersionRow; template: TemplateRow } | undefined> {
  return findVersion(db, 'survey', versionId);
}

/** A survey template (not a base) by id, whichever workspace it belongs to. */
export function findSurveyTemplateById(
  db: Executor,
  templateId: string,
): Promise<{ id: string; workspaceId: string; name: string } | undefined> {
  return findSurveyTemplate(db, templateId);
}

/** A template's versions, newest first, with their stored definitions. */
export function findTemplateVersions(
  db: Executor,
  templateId: string,
): Promise<{ id: string; state: VersionRow['state']; definition: unknown }[]> {
  return findSentVersions(db, templateId);
}

/** The base template a survey template was created from (through any of its versions), or null. */
export function findTemplateBase(db: Executor, templateId: string): Promise<string | null> {
  return findBaseTemplateId(db, templateId);
}

// A version's template and base never change, so each process keeps what it has read.
const lineageByVersion = new Map<string, VersionLineage>();
const maxCachedLineages = 2000;

/** The template and base template of a version, from the cache when this process has read it. */
export async function loadVersionLineage(db: Executor, versionId: string): Promise<VersionLineage> {
  const cached = lineageByVersion.get(versionId);
  if (cached) return cached;
  const lineage = await findVersionLineage(db, versionId);
  if (!lineage) throw new AppError('INTERNAL', `version ${versionId} has no template`);
  if (lineageByVersion.size >= maxCachedLineages) {
    const oldest = lineageByVersion.keys().next().value;
    if (oldest !== undefined) lineageByVersion.delete(oldest);
  }
  lineageByVersion.set(versionId, lineage);
  return lineage;
}

/** The settings (reminders, alerts, expiry) of versions as they are now, with their templates' names. */
export function findVersionSettings(db: Executor, versionIds: string[]): Promise<VersionSettings[]> {
  return findVersionSettingsRows(db, versionIds);
}
