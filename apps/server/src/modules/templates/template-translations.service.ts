import {
  type SurveyDefinition,
  surveyDefinitionSchema,
  type TemplateKind,
  type TemplateVersionModel,
  translationsFromTable,
  translationsToTable,
} from '@graphium/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors.js';
import { getTemplateVersion, updateTemplateVersion } from './templates.service.js';

// A template's translations as a CSV file for a translator (decision 025): export it, fill the
// language columns, import it back. The table's rules are in @graphium/shared (translations-csv).

/** `GET …/{versionId}/translations.csv`: who may read the version may export its texts. */
export async function exportTemplateTranslations(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
): Promise<{ csv: string; fileName: string }> {
  const version = await getTemplateVersion(ctx, actor, kind, versionId);
  const slug = version.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'template';
  // The byte order mark makes spreadsheet programs read the file as UTF-8 (accents, ñ, ß).
  const csv = `\uFEFF${stringify(translationsToTable(version.definition))}`;
  return { csv, fileName: `${slug}-v${version.versionNumber}-translations.csv` };
}

function readTable(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`The file is not a readable CSV: ${reason}`);
  }
}

/**
 * `POST …/{versionId}/translations/import`: replaces the translations of the languages in the
 * file's columns, on a draft, as one edit of the definition. Any problem answers 400 with every
 * problem by row and changes nothing.
 */
export async function importTemplateTranslations(
  ctx: AppContext,
  actor: WorkspaceActor,
  kind: TemplateKind,
  versionId: string,
  input: { csv: string; updatedAt?: string | undefined },
): Promise<TemplateVersionModel> {
  const version = await getTemplateVersion(ctx, actor, kind, versionId);
  const table = readTable(input.csv);
  const { translations, problems } = translationsFromTable(version.definition, table);
  if (problems.length > 0) {
    const details = Object.fromEntries(
      problems.map((problem, index) => [
        problem.row ? `row ${problem.row}` : `file ${index + 1}`,
        problem.message,
      ]),
    );
    const more =
      problems.length > 1 ? ` (${problems.length} problems; nothing was imported)` : ' Nothing was imported.';
    throw invalid(`${problems[0]!.message}${more}`, details);
  }
  const checked = surveyDefinitionSchema.safeParse({ ...version.definition, translations });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw invalid(`The translations were not imported: ${issue?.message ?? 'a text is not valid'}.`, {
      [issue?.path.join('.') ?? 'translations']: issue?.message ?? 'Not valid',
    });
  }
  const definition: SurveyDefinition = checked.data;
  return updateTemplateVersion(ctx, actor, kind, versionId, {
    definition,
    updatedAt: input.updatedAt ?? version.updatedAt,
  });
}
