import { type SurveyDefinitionInput, surveyDefinitionSchema } from '@graphium/shared';
import { getErrorDetails } from '@/lib/api-client';
import { stripDetailPrefixes, type TemplateKind } from '../api/template-kind';

function byPath(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[issue.path.map(String).join('.')] ??= issue.message;
  return problems;
}

/** The shared definition rules' problems by path (`properties.2.label`); empty when it holds. */
export function definitionProblems(definition: SurveyDefinitionInput): Record<string, string> {
  const result = surveyDefinitionSchema.safeParse(definition);
  return result.success ? {} : byPath(result.error.issues);
}

/** A 400 answer's field problems by path without the kind's prefix (`questions.0.label`). */
export function saveProblems(kind: TemplateKind, error: unknown): Record<string, string> {
  return stripDetailPrefixes(kind, getErrorDetails(error));
}

/** The problems of one item (`questions.3.`), keyed by the item's own field paths (`label`). */
export function itemProblems(
  problems: Record<string, string>,
  collection: 'properties' | 'questions' | 'alerts' | 'reminders',
  index: number,
): Record<string, string> {
  const prefix = `${collection}.${index}.`;
  return Object.fromEntries(
    Object.entries(problems)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}
