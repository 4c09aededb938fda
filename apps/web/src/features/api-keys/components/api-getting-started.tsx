import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { apiBaseUrl } from '@/lib/api-client';

/** The origin programs call: this page's, unless the API is served elsewhere. */
function apiOrigin(): string {
  return /^https?:\/\//.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : window.location.origin;
}

function Code({ label, children }: { label: string; children: string }) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the code scrolls sideways.
      tabIndex={0}
      aria-label={label}
      className="mt-2 overflow-x-auto rounded-lg bg-gray-900 p-4 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <pre className="text-xs leading-relaxed text-gray-100">
        <code>{children}</code>
      </pre>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      <div className="mt-2 space-y-2 text-sm text-gray-700">{children}</div>
    </section>
  );
}

/** Settings → API Keys → Getting started (docs/api.md, docs/decisions/037-public-api-v1.md). */
export function ApiGettingStarted() {
  const origin = apiOrigin();
  const curl = `export GRAPHIUM_URL=${origin}
export GRAPHIUM_API_KEY=gph_live_...

# Your survey templates, 10 at a time (scope templates:read)
curl -s -H "Authorization: Bearer $GRAPHIUM_API_KEY" \\
  "$GRAPHIUM_URL/api/v1/survey-templates?limit=10"

# The next page: pass "next" back as "cursor" (null means there is none)
curl -s -H "Authorization: Bearer $GRAPHIUM_API_KEY" \\
  "$GRAPHIUM_URL/api/v1/survey-templates?limit=10&cursor=<next>"

# Send a survey (scope sends:write); the Idempotency-Key makes a retry safe
curl -s -X POST -H "Authorization: Bearer $GRAPHIUM_API_KEY" \\
  -H 'Content-Type: application/json' -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"surveyTemplateVersionId":"<version id>","surveyContactMethods":[{"contactMethodType":"email","emailAddress":"ada@example.com"}]}' \\
  "$GRAPHIUM_URL/api/v1/surveys"

# The surveys sent, newest first, with their state (scope sends:read)
curl -s -H "Authorization: Bearer $GRAPHIUM_API_KEY" \
  "$GRAPHIUM_URL/api/v1/sends?limit=10"

# Add a contact, or update the one with this e-mail address (scope contacts:write)
curl -s -X POST -H "Authorization: Bearer $GRAPHIUM_API_KEY" \
  -H 'Content-Type: application/json' -H "Idempotency-Key: $(uuidgen)" \
  -d '{"emailAddress":"ada@example.com","name":"Ada Lovelace"}' \
  "$GRAPHIUM_URL/api/v1/contacts"`;
  const typescript = `import { createGraphiumClient, eachItem } from '@graphium/client';

const graphium = createGraphiumClient({
  baseUrl: '${origin}',
  apiKey: process.env.GRAPHIUM_API_KEY!,
});

const { data, error } = await graphium.POST('/surveys', {
  body: {
    surveyTemplateVersionId: '<version id>',
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'ada@example.com' }],
  },
});
if (error) throw new Error(\`\${error.error}: \${error.message}\`);

for await (const template of eachItem((cursor) =>
  graphium.GET('/survey-templates', { params: { query: { cursor, limit: 100 } } })
    .then(({ data, error }) => {
      if (error) throw new Error(error.message);
      return { items: data.surveyTemplates, next: data.next };
    }),
)) {
  console.log(template.surveyTemplateName);
}`;
  return (
    <div>
      <Link
        to="/settings/api-keys"
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:text-indigo-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        API Keys
      </Link>
      <PageHeader
        level={2}
        title="Getting started with the API"
        description={
          <>
            Your programs call <code className="text-xs">{origin}/api/v1</code> with an API key. The full
            reference is the{' '}
            <a
              href={`${apiBaseUrl}/v1/openapi.json`}
              className="font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              OpenAPI document
            </a>
            .
          </>
        }
      />
      <Section title="1. Generate a key">
        <p>
          An admin generates a key under API Keys and chooses, per area (responses, templates, contacts,
          sends), whether it may read or also write. The key is shown once: keep it in your program's secrets.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Responses: list a template's responses and read one.</li>
          <li>Templates: list, read, create and change templates, publish and unpublish versions.</li>
          <li>Contacts: list and search contacts, read one, add or update one by e-mail or phone.</li>
          <li>Sends: send a survey to one person or many, and list the surveys sent with their state.</li>
        </ul>
      </Section>
      <Section title="2. Call the API with curl">
        <Code label="curl examples">{curl}</Code>
      </Section>
      <Section title="3. Call it from TypeScript">
        <p>
          The typed client <code className="text-xs">@graphium/client</code> is generated from the OpenAPI
          document. It sends the key, adds an Idempotency-Key to every POST and retries when asked to wait.
        </p>
        <Code label="TypeScript example">{typescript}</Code>
      </Section>
      <Section title="4. Rules every call follows">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Errors answer <code className="text-xs">{'{ "error", "message", "details"? }'}</code>: 401 without
            a valid key, 403 when the key lacks the area's scope, 404 for another workspace's objects.
          </li>
          <li>
            Lists answer <code className="text-xs">limit</code> rows (1 to 100) and{' '}
            <code className="text-xs">next</code>, the cursor of the next page.
          </li>
          <li>
            A POST sent again with the same <code className="text-xs">Idempotency-Key</code> (kept 24 hours)
            answers the first reply and never creates twice.
          </li>
          <li>
            Every reply tells the rate limit left in <code className="text-xs">RateLimit-Remaining</code>.
            Past it, the reply is 429 with <code className="text-xs">Retry-After</code>.
          </li>
        </ul>
      </Section>
    </div>
  );
}
