import { type SurveyQuestion, type SurveyResponses, surveyPath } from '@graphium/shared';
import { invalid } from '../../errors.js';

// The server judges the respondent's path (decision 023): an answer to a question the path does
// not show is refused, and stored answers the path no longer shows (an earlier answer changed)
// are dropped with the save. The questions are the cached definition's; nothing is parsed here.

export const hiddenQuestionMessage = 'This question is not shown for the earlier answers';

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
