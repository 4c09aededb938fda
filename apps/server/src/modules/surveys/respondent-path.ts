import {
  logicInputIds,
  type SurveyQuestion,
  type SurveyResponses,
  type SurveyState,
  surveyNotFoundMessage,
  surveyPath,
} from '@graphium/shared';
import type { Executor } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { findSurveyAnswers, mergeSurveyResponsesIfUnchanged } from './respondent-saves.repository.js';

// The server judges the respondent's path (decision 023): an answer to a question the path does
// not show is refused, and stored answers the path no longer shows (an earlier answer changed)
// are dropped with the save. The questions are the cached definition's; nothing is parsed here.

export const hiddenQuestionMessage = 'This question is not shown for the earlier answers';
const changedElsewhereMessage = 'Your answers were changed in another window. Please try again.';
/** Saves that lost a race with another save of the same survey try again this many times. */
const maxAttempts = 3;

export interface PathSave {
  set: SurveyResponses;
  clear: string[];
  /** The stored answers after the save. */
  merged: SurveyResponses;
  /** The questions the path shows with `merged`. */
  path: SurveyQuestion[];
}

/** Applies a save's changes to the stored answers along the path; throws 400 for a hidden answer. */
export function planPathSave(
  questions: readonly SurveyQuestion[],
  stored: SurveyResponses,
  changes: { set: SurveyResponses; clear: string[] },
): PathSave {
  const merged: SurveyResponses = { ...stored, ...changes.set };
  for (const questionId of changes.clear) delete merged[questionId];
  const path = surveyPath(questions, merged);
  const shown = new Set(path.map((question) => question.id));
  const refused = questions.filter(
    (question) => Object.hasOwn(changes.set, question.id) && !shown.has(question.id),
  );
  if (refused.length > 0) {
    throw invalid(
      `${refused[0]!.label}: ${hiddenQuestionMessage}`,
      Object.fromEntries(refused.map((question) => [question.id, hiddenQuestionMessage])),
    );
  }
  // Answers to questions no longer in the version (inactive, removed) are left as they are.
  const dropped = questions
    .filter((question) => !shown.has(question.id) && Object.hasOwn(merged, question.id))
    .map((question) => question.id);
  for (const questionId of dropped) delete merged[questionId];
  return { set: changes.set, clear: [...new Set([...changes.clear, ...dropped])], merged, path };
}

/**
 * A save that gives (or clears) every answer the logic reads decides the path on its own: its
 * changes, with every answer that path hides cleared, merge without reading the stored answers
 * first (one statement, as without logic). Concurrent saves stay consistent: each one rewrites all
 * the answers the path reads and clears what its own path hides. Undefined when the stored
 * answers are needed; throws 400 for an answer to a hidden question.
 */
export function pathDecidedBySave(
  questions: readonly SurveyQuestion[],
  changes: { set: SurveyResponses; clear: string[] },
): { set: SurveyResponses; clear: string[] } | undefined {
  const present = new Set(questions.map((question) => question.id));
  for (const questionId of logicInputIds(questions)) {
    if (!present.has(questionId)) continue;
    if (!Object.hasOwn(changes.set, questionId) && !changes.clear.includes(questionId)) return undefined;
  }
  const { path } = planPathSave(questions, {}, changes);
  const shown = new Set(path.map((question) => question.id));
  const hidden = questions.filter((question) => !shown.has(question.id)).map((question) => question.id);
  return { set: changes.set, clear: [...new Set([...changes.clear, ...hidden])] };
}

/**
 * A save (not a completion) along the path: reads the stored answers, judges the changes on them
 * and merges only if they are still the ones judged, with no transaction or row lock, so a save
 * costs two statements (decision 023). Another save of the same survey in between: read again.
 */
export async function savePathAnswers(
  db: Executor,
  surveyId: string,
  questions: readonly SurveyQuestion[],
  changes: { set: SurveyResponses; clear: string[]; language: string | null },
  now: Date,
  checkOpen: (survey: { state: SurveyState; expiresAt: Date }, now: Date) => void,
): Promise<{ surveyState: SurveyState; surveyResponses: SurveyResponses }> {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const current = await findSurveyAnswers(db, surveyId);
    if (!current) throw notFound(surveyNotFoundMessage);
    checkOpen(current, now);
    const plan = planPathSave(questions, current.responses, changes);
    const saved = await mergeSurveyResponsesIfUnchanged(
      db,
      surveyId,
      { ...plan, language: changes.language },
      current.responses,
      now,
    );
    if (saved) return { surveyState: saved.state, surveyResponses: saved.responses };
  }
  throw conflict(changedElsewhereMessage);
}
