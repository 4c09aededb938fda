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
