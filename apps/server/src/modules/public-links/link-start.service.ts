import {
  addPeriod,
  type ContactMethod,
  emailQueryKey,
  embedQueryKey,
  hiddenFieldKey,
  honeypotFieldName,
  invalidEmailMessage,
  invalidPhoneMessageFor,
  isValidEmailAddress,
  phoneQueryKey,
  publicLinkAnsweredMessage,
  publicLinkBusyMessage,
  publicLinkClosedMessage,
  publicLinkNotFoundMessage,
  publicLinkSlugSchema,
  type StartLinkSurvey,
  type SurveyDefinition,
  type SurveyPropertyValues,
  surveySettingsSchema,
  toStoredPhone,
  validateSurveyProperties,
} from '@graphium/shared';
import { type AppContext, perContext } from '../../context.js';
import { Batcher } from '../../db/write-batcher.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import {
  countCreatedByLinkSince,
  findLinkSurveyState,
  hasCompletedForContact,
  insertLinkSurvey,
  insertLinkSurveys,
  type NewLinkSurvey,
} from '../surveys/link-surveys.service.js';
import { listIdsOf, loadVersionDefinition } from '../templates/template-versions.service.js';
import { findLinkForStart, lockLink } from './public-links.repository.js';
import { visitCounterOf } from './visit-counter.js';

// A visitor of `/s/{slug}` starts a survey (docs/decisions/024-public-links.md): the page POSTs
// here, never a plain GET, so link previews and crawlers create nothing.

const hourMs = 60 * 60 * 1000;
const honeypotMessage = 'This survey could not be started. Please reload the page.';

// Concurrent visitors' surveys are written together (one commit and one update of the template's
// totals per batch), per application context.
const batcherOf = perContext(
  (ctx) =>
    new Batcher((surveys: NewLinkSurvey[]) => insertLinkSurveys(ctx, surveys, ctx.now()), { maxInFlight: 4 }),
);

export interface StartedLinkSurvey {
  surveyId: string;
  linkId: string;
  /** False when the browser's own unfinished survey of this link was answered again. */
  isNew: boolean;
}

type Parameters = Record<string, string>;

/** The contact a link's URL carries (`?email=` / `?phone=`), checked like sent contacts. */
async function contactOf(
  ctx: AppContext,
  workspaceId: string,
  parameters: Parameters,
): Promise<ContactMethod[]> {
  const methods: ContactMethod[] = [];
  const email = parameters[emailQueryKey]?.trim();
  if (email) {
    if (!isValidEmailAddress(email))
      throw invalid(`email: ${invalidEmailMessage}`, { email: invalidEmailMessage });
    methods.push({ contactMethodType: 'email', emailAddress: email.toLowerCase() });
  }
  const phone = parameters[phoneQueryKey]?.trim();
  if (phone) {
    const country = await loadPhoneCountry(ctx.db, workspaceId);
    const phoneNumber = toStoredPhone(phone, country);
    if (!phoneNumber) {
      const message = invalidPhoneMessageFor(country);
      throw invalid(`phone: ${message}`, { phone: message });
    }
    methods.push({ contactMethodType: 'phone', phoneNumber });
  }
  return methods;
}

/**
 * The hidden fields a link's query fills, typed and checked like sent property values. A key
 * names a property by `hiddenFieldKey(label)` or by id; an authentication property is refused
 * (it must prove who answers), other keys (utm_source, …) are ignored.
 */
async function hiddenFieldValues(
  ctx: AppContext,
  workspaceId: string,
  definition: SurveyDefinition,
  parameters: Parameters,
): Promise<SurveyPropertyValues> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (key === embedQueryKey || key === emailQueryKey || key === phoneQueryKey) continue;
    const property = definition.properties.find(
      (candidate) => candidate.id === key || hiddenFieldKey(candidate.label) === key.toLowerCase(),
    );
    if (!property) continue;
    if (property.validation.authentication) {
      const message = `${property.label} cannot be filled from a link`;
      throw invalid(`${key}: ${message}`, { [key]: message });
    }
    if (property.hiddenField) raw[property.id] = value;
  }
  const hidden = definition.properties.filter((property) => property.hiddenField);
  if (hidden.length === 0) return {};
  const lists = await loadListLookup(
    ctx.db,
    workspaceId,
    listIdsOf({ ...definition, properties: hidden, questions: [] }, 'properties'),
  );
  const { values, errors } = validateSurveyProperties(hidden, raw, lists);
  const [first] = Object.entries(errors);
  if (first) {
    const property = hidden.find((candidate) => candidate.id === first[0]);
    const key = property ? hiddenFieldKey(property.label) : first[0];
    throw invalid(`${key}: ${first[1]}`, Object.fromEntries(Object.entries(errors)));
  }
  return values;
}

/**
 * `POST /s/{slug}/surveys`: counts the visit, applies the link's limits and creates a
 * survey of the template's published version, or answers the browser's unfinished one.
 */
export async function startLinkSurvey(
  ctx: AppContext,
  slug: string,
  input: StartLinkSurvey,
  browser: { surveyIdOf: (linkId: string) => string | undefined },
): Promise<StartedLinkSurvey> {
  // A form-filling robot fills the field people never see; nothing is created or counted.
  if ((input as Record<string, unknown>)[honeypotFieldName]) throw invalid(honeypotMessage);
  const parsedSlug = publicLinkSlugSchema.safeParse(slug);
  const now = ctx.now();
  // From memory while change notifications are heard (docs/decisions/032-link-cache.md).
  const link = parsedSlug.success
    ? await ctx.linkCache.readThrough(parsedSlug.data, now, () => findLinkForStart(ctx.db, parsedSlug.data))
    : undefined;
  if (!link) throw notFound(publicLinkNotFoundMessage);
  visitCounterOf(ctx).add(link.id);
  if (!link.versionId) throw notFound(publicLinkNotFoundMessage);
  const version = { id: link.versionId, settings: link.versionSettings };
  if (link.closesAt && link.closesAt <= now) throw conflict(publicLinkClosedMessage);

  const ownSurveyId = browser.surveyIdOf(link.id);
  if (ownSurveyId) {
    const own = await findLinkSurveyState(ctx.db, link.id, ownSurveyId);
    if (own && own.state !== 'COMPLETE' && own.expiresAt > now) {
      return { surveyId: ownSurveyId, linkId: link.id, isNew: false };
    }
    if (own?.state === 'COMPLETE' && link.onePerBrowser) throw conflict(publicLinkAnsweredMessage);
  }
  const parameters = input.parameters ?? {};
  const contactMethods = await contactOf(ctx, link.workspaceId, parameters);
  const definition = await loadVersionDefinition(ctx.db, version.id);
  const properties = await hiddenFieldValues(ctx, link.workspaceId, definition, parameters);
  if (link.onePerContact && contactMethods.length > 0) {
    if (await hasCompletedForContact(ctx.db, link.id, contactMethods))
      throw conflict(publicLinkAnsweredMessage);
  }
  const { expiration } = surveySettingsSchema.parse(version.settings);
  const survey: NewLinkSurvey = {
    workspaceId: link.workspaceId,
    templateId: link.templateId,
    templateVersionId: version.id,
    sourceLinkId: link.id,
    contactMethods,
    properties,
    expiresAt: addPeriod(now, expiration.duration, expiration.period),
    // A link with a maximum of completed responses takes no more visitors once it is reached:
    // checked by the insert itself, against every completion committed before it.
    completedUpTo: link.maxCompletedResponses,
  };
  const surveyId =
    link.hourlyCap === null
      ? await batcherOf(ctx).add(survey)
      : await ctx.db.transaction(async (tx) => {
          // One at a time per capped link, so concurrent visitors cannot pass the cap together.
          await lockLink(tx, link.id);
          const lastHour = await countCreatedByLinkSince(tx, link.id, new Date(now.getTime() - hourMs));
          if (lastHour >= (link.hourlyCap ?? 0)) {
            throw new AppError('RATE_LIMITED', publicLinkBusyMessage, undefined, 60);
          }
          return insertLinkSurvey(tx, survey, now);
        });
  if (surveyId === null) throw conflict(publicLinkClosedMessage);
  return { surveyId, linkId: link.id, isNew: true };
}
