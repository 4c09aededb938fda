import { z } from 'zod';

// Public links of a published template (docs/decisions/024-public-links.md): the staff
// contract. What the respondent page shares with the server is in public-link-page.ts.

const slugPattern = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;
const publicLinkSlugMessage =
  'The link address may use lowercase letters, digits and hyphens (3 to 60 characters, not starting or ending with a hyphen)';
export const publicLinkSlugTakenMessage = 'This link address is already taken. Choose another one.';

export const publicLinkSlugSchema = z
  .string({ error: 'The link address is required' })
  .trim()
  .toLowerCase()
  .regex(slugPattern, publicLinkSlugMessage);

/** A site that may frame the survey: an origin only (scheme, host, optional port). */
const frameOriginSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    try {
      const url = new URL(text);
      const isOriginOnly = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
      if ((url.protocol === 'https:' || url.protocol === 'http:') && isOriginOnly && !url.username) {
        return url.origin;
      }
    } catch {
      // reported below
    }
    context.addIssue({
      code: 'custom',
      message: `"${text}" is not a site address (for example https://www.example.com)`,
    });
    return z.NEVER;
  });

const maxFrameOrigins = 20;

export const publicLinkInputSchema = z.object({
  name: z
    .string({ error: 'Link name is required' })
    .trim()
    .min(1, 'Link name is required')
    .min(2, 'Link name must be at least 2 characters')
    .max(100, 'Link name must be at most 100 characters'),
  slug: publicLinkSlugSchema,
  /** After this instant the link answers that the survey is closed. */
  closesAt: z.iso
    .datetime({ offset: true, error: 'The close date must be a date and time' })
    .nullable()
    .default(null),
  maxCompletedResponses: z
    .number({ error: 'The maximum must be a number' })
    .int('The maximum must be a whole number')
    .min(1, 'The maximum must be at least 1')
    .max(1_000_000, 'The maximum must be at most 1,000,000')
    .nullable()
    .default(null),
  /** One completed response per browser (a cookie). */
  onePerBrowser: z.boolean().default(false),
  /** One completed response per contact, when the link's URL carries one (`?email=` or `?phone=`). */
  onePerContact: z.boolean().default(false),
  /** Surveys the link may create in one hour (a clock hour); none: no cap. */
  hourlyCap: z
    .number({ error: 'The hourly cap must be a number' })
    .int('The hourly cap must be a whole number')
    .min(1, 'The hourly cap must be at least 1')
    .max(100_000, 'The hourly cap must be at most 100,000')
    .nullable()
    .default(null),
  /** Sites that may show the survey in a frame (CSP frame-ancestors of the link's page). */
  frameOrigins: z
    .array(frameOriginSchema)
    .max(maxFrameOrigins, `At most ${maxFrameOrigins} sites`)
    .default([])
    .transform((origins) => [...new Set(origins)]),
  /** The workspace logo in the centre of the QR code. */
  logoInQrCode: z.boolean().default(false),
});

export const createPublicLinkSchema = publicLinkInputSchema.extend({
  surveyTemplateId: z.uuid('Survey template not found'),
});
export type CreatePublicLink = z.input<typeof createPublicLinkSchema>;

/** `PUT /public-links/{id}`: every setting again, the address included. */
export const updatePublicLinkSchema = publicLinkInputSchema.extend({});
export type UpdatePublicLink = z.input<typeof updatePublicLinkSchema>;

export const publicLinkSchema = z.object({
  publicLinkId: z.uuid(),
  surveyTemplateId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** The address people open (and the QR code encodes). */
  url: z.string(),
  closesAt: z.iso.datetime().nullable(),
  maxCompletedResponses: z.number().int().nullable(),
  onePerBrowser: z.boolean(),
  onePerContact: z.boolean(),
  hourlyCap: z.number().int().nullable(),
  frameOrigins: z.array(z.string()),
  logoInQrCode: z.boolean(),
  /** Visits: starts asked for; started: surveys with an answer; completed: completed surveys. */
  counts: z.object({ visits: z.number().int(), started: z.number().int(), completed: z.number().int() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

export const publicLinkListSchema = z.object({ publicLinks: z.array(publicLinkSchema) });
export type PublicLinkList = z.infer<typeof publicLinkListSchema>;

/** `POST /s/{slug}/surveys`: the link page's query and the honeypot field. */
export const startLinkSurveySchema = z.object({
  parameters: z
    .record(z.string().max(100), z.string().max(1000))
    .refine((value) => Object.keys(value).length <= 50, 'At most 50 parameters')
    .default({}),
  website: z.string().max(1000).optional(),
});
export type StartLinkSurvey = z.input<typeof startLinkSurveySchema>;

/** `embedToken`: only for an embedded page's start (decision 024), which it keeps instead of a cookie. */
export const startLinkSurveyReplySchema = z.object({ surveyId: z.uuid(), embedToken: z.string().optional() });

// The respondent's messages (the respondent page shows the server's message).
export const publicLinkClosedMessage = 'This survey is closed.';
export const publicLinkAnsweredMessage = 'You have already answered this survey. Thank you!';
export const publicLinkBusyMessage = 'This survey is very busy right now. Please try again later.';
export const publicLinkNotFoundMessage = 'Survey Not Found';
