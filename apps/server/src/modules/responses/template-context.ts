// The template a responses call is about: its sent versions' questions, lists and base template.
import {
  isTextQuestionType,
  type SurveyDefinition,
  type SurveyProperty,
  type SurveyQuestion,
  surveyDefinitionSchema,
} from '@graphium/shared';
import type { SQL } from 'drizzle-orm';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { type ListLookup, loadListLookup } from '../lists/list-lookup.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import {
  findSurveyTemplateById,
  findTemplateBase,
  findTemplateVersions,
  loadVersionDefinition,
} from '../templates/template-versions.service.js';
import { buildCriteriaConditions, type ResponseCriteria } from './response-filters.js';

const templateIdNotFoundMessage = 'Template ID not found';

/** What every responses call needs to know about the template. */
export interface TemplateContext {
  templateId: string;
  workspaceId: string;
  templateName: string;
  /** The questions of every sent version, by id; the newest wording wins. */
  questions: SurveyQuestion[];
  questionsById: Map<string, SurveyQuestion>;
  /** The questions that are a text in some sent version (decision 046: their answers are not kept narrow). */
  textQuestionIds: Set<string>;
  /**
   * The properties of every sent version, by id; the newest wins (so a property hidden from
   * reports in the newest version is hidden for all its surveys).
   */
  propertiesById: Map<string, SurveyProperty>;
  /** The newest sent version's definition (properties and texts for exports). */
  definition: SurveyDefinition;
  baseTemplateId: string | null;
  lists: ListLookup;
  /** The workspace's default country for phone numbers: phone filters read theirs so (decision 021). */
  phoneCountry: string;
}

export async function loadTemplateContext(
  ctx: AppContext,
  actor: WorkspaceActor,
  templateId: string,
): Promise<TemplateContext> {
  const template = await findSurveyTemplateById(ctx.db, templateId);
  if (!template || template.workspaceId !== actor.workspaceId) throw notFound(templateIdNotFoundMessage);
  const versions = await findTemplateVersions(ctx.db, templateId);
  const sent = versions.filter((version) => version.state !== 'DRAFT');
  const chosen = sent.length > 0 ? sent : versions.slice(0, 1);
  const definitions = await Promise.all(
    chosen.map((version) =>
      version.state === 'DRAFT'
        ? surveyDefinitionSchema.parse(version.definition)
        : loadVersionDefinition(ctx.db, version.id),
    ),
  );
  const questionsById = new Map<string, SurveyQuestion>();
  for (const definition of definitions) {
    for (const question of definition.questions) {
      if (!questionsById.has(question.id)) questionsById.set(question.id, question);
    }
  }
  const textQuestionIds = new Set(
    definitions.flatMap((definition) =>
      definition.questions
        .filter((question) => isTextQuestionType(question.type))
        .map((question) => question.id),
    ),
  );
  const propertiesById = new Map<string, SurveyProperty>();
  for (const definition of definitions) {
    for (const property of definition.properties) {
      if (!propertiesById.has(property.id)) propertiesById.set(property.id, property);
    }
  }
  const listIds = [
    ...new Set(
      [...questionsById.values(), ...(definitions[0]?.properties ?? [])]
        .map((item) => ('listId' in item ? item.listId : undefined))
        .filter((id): id is string => Boolean(id)),
    ),
  ];
  const [baseTemplateId, lists, phoneCountry] = await Promise.all([
    findTemplateBase(ctx.db, templateId),
    loadListLookup(ctx.db, actor.workspaceId, listIds, { includeArchived: true }),
    loadPhoneCountry(ctx.db, actor.workspaceId),
  ]);
  return {
    templateId,
    workspaceId: actor.workspaceId,
    templateName: template.name,
    questions: [...questionsById.values()],
    questionsById,
    textQuestionIds,
    propertiesById,
    definition: definitions[0] ?? surveyDefinitionSchema.parse({}),
    baseTemplateId,
    lists,
    phoneCountry,
  };
}

export function criteriaConditions(template: TemplateContext, criteria: ResponseCriteria): SQL[] {
  return buildCriteriaConditions(
    criteria,
    template.questionsById,
    template.phoneCountry,
    template.propertiesById,
  );
}
