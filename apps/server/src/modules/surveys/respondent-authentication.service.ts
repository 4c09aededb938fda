import {
  type AuthenticationProperty,
  authenticationLockMinutes,
  authenticationMismatchMessage,
  authenticationSuccessMessage,
  authenticationValueMatches,
  isSurveyExpired,
  maxAuthenticationFailures,
  type SurveyDefinition,
  type SurveyPropertyValues,
  surveyNotFoundMessage,
} from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { lockAuthenticationState, updateAuthenticationState } from './surveys.repository.js';

// Respondent authentication (docs/product-rules.md#respondent-authentication): which properties a
// respondent confirms, and the attempts against them with their lock.

/**
 * The properties the respondent must confirm (docs/product-rules.md#respondent-authentication): those flagged
 * for authentication that
 * hold a value on this survey. A survey without any is open to whoever has its link.
 */
export function authenticationPropertiesOf(
  definition: SurveyDefinition,
  values: SurveyPropertyValues,
): AuthenticationProperty[] {
  return definition.properties
    .filter((property) => property.validation.authentication && values[property.id] !== undefined)
    .map((property) => ({
      id: property.id,
      label: property.label,
      type: property.type,
      required: property.validation.required,
    }));
}

export type AuthenticationOutcome =
  | { kind: 'success'; message: string; expiresAt: Date }
  | { kind: 'mismatch'; message: string }
  | { kind: 'locked'; message: string; retryAfterSeconds: number };

function lockedOutcome(lockedUntil: Date, now: Date): AuthenticationOutcome {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return {
    kind: 'locked',
    retryAfterSeconds: seconds,
    message: `Too many failed attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  };
}

/**
 * `POST /surveys/{id}/authenticate` (docs/product-rules.md#respondent-authentication): compares the submitted
 * values with the survey's
 * own (text trimmed, ignoring case; numbers, dates, instants and booleans by value). Attempts on
 * one survey run one at a time under its row lock; the fifth failure in a row locks the survey's
 * authentication for 15 minutes. The count is committed before the answer goes out.
 */
export async function authenticateRespondent(
  ctx: AppContext,
  surveyId: string,
  submitted: Record<string, string | number | boolean | null>,
): Promise<AuthenticationOutcome> {
  if (!isUuid(surveyId)) throw notFound(surveyNotFoundMessage);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const survey = await lockAuthenticationState(tx, surveyId);
    if (!survey || isSurveyExpired(survey, now)) throw notFound(surveyNotFoundMessage);
    if (survey.authLockedUntil && survey.authLockedUntil > now)
      return lockedOutcome(survey.authLockedUntil, now);
    const definition = await loadVersionDefinition(tx, survey.templateVersionId);
    const properties = authenticationPropertiesOf(definition, survey.properties);
    const isMatch = properties.every((property) =>
      authenticationValueMatches(property.type, submitted[property.id], survey.properties[property.id]),
    );
    if (isMatch) {
      if (survey.authFailures > 0 || survey.authLockedUntil) {
        await updateAuthenticationState(tx, surveyId, { authFailures: 0, authLockedUntil: null });
      }
      return { kind: 'success', message: authenticationSuccessMessage, expiresAt: survey.expiresAt };
    }
    const failures = survey.authFailures + 1;
    if (failures >= maxAuthenticationFailures) {
      const lockedUntil = new Date(now.getTime() + authenticationLockMinutes * 60_000);
      await updateAuthenticationState(tx, surveyId, { authFailures: 0, authLockedUntil: lockedUntil });
      return lockedOutcome(lockedUntil, now);
    }
    await updateAuthenticationState(tx, surveyId, { authFailures: failures, authLockedUntil: null });
    return { kind: 'mismatch', message: authenticationMismatchMessage };
  });
}
