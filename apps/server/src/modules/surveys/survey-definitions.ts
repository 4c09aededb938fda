import {
  getListItemLabel,
  type RespondentList,
  type SurveyDefinition,
  surveyDefinitionSchema,
} from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import type { ListItemsOfList } from './surveys.repository.js';
import { findVersionDefinition } from './surveys.repository.js';

// Surveys are sent from PUBLISHED versions, and only a DRAFT's definition ever changes
// (ARCHITECTURE.md §4): a sent survey's definition is fixed, so each process keeps the parsed
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

/** The lists a definition draws on: ListItem properties and list-based questions. */
export function listIdsOf(definition: SurveyDefinition, what: 'properties' | 'questions'): string[] {
  const ids =
    what === 'properties'
      ? definition.properties.map((property) => property.listId)
      : definition.questions.map((question) => ('listId' in question ? question.listId : undefined));
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** Items of lists by id and by label, as ListItem values and list-based answers name them. */
export interface ListLookup {
  /** An active item named by its id or, ignoring case, by its label (when only one has it). */
  resolveListItem(listId: string, value: string): string | undefined;
  labelOf(listId: string, itemId: string): string | undefined;
  itemIds(listId: string): ReadonlySet<string>;
  /** The respondent's `lists` (part 1 §3): active items with their labels. */
  respondentLists(): RespondentList[];
}

export function buildListLookup(lists: ListItemsOfList[]): ListLookup {
  const byList = new Map(
    lists.map((list) => {
      const labels = new Map<string, string>();
      const byLabel = new Map<string, string | null>();
      for (const item of list.items) {
        const values = Object.fromEntries(
          Object.entries(item.properties).filter(
            (entry): entry is [string, string | number | boolean] => entry[1] !== null,
          ),
        );
        const label = getListItemLabel({ listItemId: item.id, listItemProperties: values }, list.properties);
        labels.set(item.id, label);
        const key = label.trim().toLowerCase();
        // Two items with one label: neither can be named by it.
        byLabel.set(key, byLabel.has(key) ? null : item.id);
      }
      return [list.listId, { labels, byLabel, ids: new Set(labels.keys()) }] as const;
    }),
  );
  return {
    resolveListItem(listId, value) {
      const list = byList.get(listId);
      if (!list) return undefined;
      if (list.ids.has(value)) return value;
      return list.byLabel.get(value.trim().toLowerCase()) ?? undefined;
    },
    labelOf: (listId, itemId) => byList.get(listId)?.labels.get(itemId),
    itemIds: (listId) => byList.get(listId)?.ids ?? new Set(),
    respondentLists: () =>
      [...byList].map(([listId, list]) => ({
        listId,
        listItems: [...list.labels].map(([listItemId, label]) => ({ listItemId, label })),
      })),
  };
}

/** What never changes about a sent survey: which version it answers and whether it needs authentication. */
export interface SurveyAccess {
  workspaceId: string;
  templateVersionId: string;
  needsAuthentication: boolean;
}

// A survey's version and properties are fixed when it is sent, so a save can skip reading them
// again: the update itself checks the state and the expiry. Bounded like the definitions.
const accessBySurvey = new Map<string, SurveyAccess>();
const maxCachedSurveys = 20_000;

export function findCachedSurveyAccess(surveyId: string): SurveyAccess | undefined {
  return accessBySurvey.get(surveyId);
}

export function rememberSurveyAccess(surveyId: string, access: SurveyAccess): SurveyAccess {
  if (!accessBySurvey.has(surveyId) && accessBySurvey.size >= maxCachedSurveys) {
    const oldest = accessBySurvey.keys().next().value;
    if (oldest !== undefined) accessBySurvey.delete(oldest);
  }
  accessBySurvey.set(surveyId, access);
  return access;
}
