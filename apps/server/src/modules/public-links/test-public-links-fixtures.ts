import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';

// Test data for public links: a published template with hidden fields and an authentication
// property, a link of it, and visitors (each a browser of its own, at an address of its own).

let addressSequence = 0;

/** A new visitor: its own cookies and its own client address (per-address limits). */
export function visitor(t: TestApp): TestClient {
  addressSequence += 1;
  return t.client({ remoteAddress: `10.9.${Math.floor(addressSequence / 250)}.${addressSequence % 250}` });
}

export function linkDefinition() {
  const ids = {
    plan: randomUUID(),
    store: randomUUID(),
    joined: randomUUID(),
    code: randomUUID(),
    segment: randomUUID(),
    nps: randomUUID(),
  };
  return {
    ids,
    definition: {
      properties: [
        { id: ids.plan, type: 'Text', label: 'Plan', hiddenField: true },
        { id: ids.store, type: 'Number', label: 'Store ID', hiddenField: true },
        { id: ids.joined, type: 'Date', label: 'Joined', hiddenField: true },
        { id: ids.code, type: 'Text', label: 'Code', validation: { required: false, authentication: true } },
        { id: ids.segment, type: 'Text', label: 'Segment' },
      ],
      questions: [
        {
          id: ids.nps,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
          validation: { required: true },
        },
      ],
    },
  };
}

export interface LinkSetup {
  owner: TestClient;
  workspaceId: string;
  templateId: string;
  ids: ReturnType<typeof linkDefinition>['ids'];
}

/** A new workspace with a published template ready for links. */
export async function linkSetup(t: TestApp): Promise<LinkSetup> {
  const { client, startup } = await signUpClient(t.client());
  const { ids, definition } = linkDefinition();
  const template = await publishTemplate(client, definition);
  return {
    owner: client,
    workspaceId: startup.workspaces[0]!.workspaceId,
    templateId: template.surveyTemplateId,
    ids,
  };
}

let slugSequence = 0;
export function newSlug(prefix = 'offer'): string {
  slugSequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${slugSequence}`;
}

export async function createLink(setup: LinkSetup, fields: Record<string, unknown> = {}) {
  const response = await setup.owner.post('/api/public-links', {
    surveyTemplateId: setup.templateId,
    name: 'Summer offer',
    slug: newSlug(),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { publicLinkId: string; slug: string; url: string };
}

export function start(client: TestClient, slug: string, parameters: Record<string, string> = {}, extra = {}) {
  return client.post(`/api/s/${slug}/surveys`, { parameters, ...extra });
}

/** Starts a survey and completes it with an NPS answer. */
export async function startAndComplete(
  client: TestClient,
  setup: LinkSetup,
  slug: string,
  parameters: Record<string, string> = {},
) {
  const started = await start(client, slug, parameters);
  expect(started.statusCode, started.body).toBeLessThan(300);
  const surveyId = started.json().surveyId as string;
  const completed = await client.patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: { [setup.ids.nps]: 9 },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return surveyId;
}

export async function surveyRow(t: TestApp, surveyId: string) {
  const [row] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
  return row;
}
