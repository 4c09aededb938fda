import { staleTemplateMessage } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  lastPatch,
  mockTemplateServer,
  npsQuestion,
  olderVersionId,
  templateId,
  versionId,
} from './template-fixtures';

const dayMs = 24 * 60 * 60 * 1000;
const url = `/survey-templates/${versionId}`;

describe('Survey template detail', () => {
  it('shows the back link, name, Draft badge, age and tabs that follow the URL', async () => {
    mockTemplateServer(buildVersion({ updatedAt: new Date(Date.now() - 3 * dayMs - 1000).toISOString() }));
    const { router } = renderApp(url);

    expect(
      await screen.findByRole('heading', { name: 'Customer satisfaction', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Templates' })).toHaveAttribute(
      'href',
      '/survey-templates',
    );
    expect(screen.getByText('Draft')).toHaveClass('bg-yellow-50');
    expect(screen.getByText('Last updated 3 days ago')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Template sections' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Properties',
      'Questions',
      'Translations',
      'Settings',
      'Reminders',
      'Alerts',
      'Links',
      'Responses',
    ]);
    expect(tabs.getByRole('link', { name: 'Properties' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Properties' })).toBeInTheDocument();

    await setupUser().click(tabs.getByRole('link', { name: 'Questions' }));
    expect(router.state.location.pathname).toBe(`${url}/questions`);
    expect(await screen.findByRole('heading', { name: 'Survey Questions' })).toBeInTheDocument();
    expect(tabs.getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Properties' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    [0, 'Last updated today'],
    [1, 'Last updated 1 day ago'],
    [10, 'Last updated 10 days ago'],
  ])('counts whole days: %i days is "%s"', async (days, text) => {
    mockTemplateServer(
      buildVersion({ updatedAt: new Date(Date.now() - days * dayMs - 60_000).toISOString() }),
    );
    renderApp(url);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows Loading..., then Template Not Found for an unknown id', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        [url]: () => {
          throw apiError(404, { error: 'NOT_FOUND', message: 'Survey template not found' });
        },
      },
    });
    renderApp(url);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Template Not Found')).toBeInTheDocument();
    expect(screen.getByText('Survey template not found')).toBeInTheDocument();
  });

  it('shows Error Loading Template with the message and retries', async () => {
    let fails = true;
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({ lists: [] }),
        [url]: () => {
          if (fails) throw apiError(403, { error: 'FORBIDDEN', message: 'Not allowed here' });
          return buildVersion();
        },
      },
    });
    renderApp(url);
    expect(await screen.findByText('Error Loading Template')).toBeInTheDocument();
    expect(screen.getByText('Error loading survey template: Not allowed here')).toBeInTheDocument();
    fails = false;
    await setupUser().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Customer satisfaction' })).toBeInTheDocument();
  });

  it('keeps Send Survey disabled with the reason, publishes, then offers Unpublish and Edit', async () => {
    let version = buildVersion({ definition: { questions: [npsQuestion] } });
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({ lists: [] }),
        [url]: () => version,
      },
      patch: {
        [`${url}/state`]: (body) => {
          version = { ...version, surveyTemplateState: (body as { stateCode: 'PUBLISHED' }).stateCode };
          return version;
        },
      },
    });
    renderApp(url);
    const user = setupUser();

    const send = await screen.findByRole('button', { name: 'Send Survey' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription('Publish the template before sending it.');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      'Publish the template before sending it.',
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Template published successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ stateCode: 'PUBLISHED' });
    expect(screen.getByText('Published', { selector: 'span' })).toHaveClass('bg-green-50');
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('This version is read-only')).toBeInTheDocument();

    // Unpublishing asks first and says what happens to the surveys already sent.
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unpublish template' }));
    expect(
      dialog.getByText(/Surveys already sent keep working until they expire, and their answers are kept\./),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'patch')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unpublish template' })).getByRole('button', {
        name: 'Unpublish',
      }),
    );
    expect(await screen.findByText('Template unpublished successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'patch').at(-1)?.body).toEqual({
      stateCode: 'UNPUBLISHED',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server refusal to publish in a toast', async () => {
    mockTemplateServer(buildVersion(), {
      patch: {
        [`${url}/state`]: () => {
          throw apiError(409, { error: 'CONFLICT', message: 'Add at least one question before publishing.' });
        },
      },
    });
    renderApp(url);
    await setupUser().click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Add at least one question before publishing.')).toBeInTheDocument();
  });

  it('Edit makes a new draft and opens its properties', async () => {
    const draftId = 'a1b2c3d4-0000-4000-8000-0000000000ff';
    const draft = buildVersion({ versionIdOverride: draftId, versionNumber: 2 });
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({ lists: [] }),
        [url]: () => buildVersion({ state: 'UNPUBLISHED' }),
        [`/survey-templates/${draftId}`]: () => draft,
      },
      post: { [`/survey-templates/${templateId}/version`]: () => draft },
    });
    const { router } = renderApp(url);
    await setupUser().click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/survey-templates/${draftId}/properties`),
    );
    expect(calls.some((call) => call.method === 'post')).toBe(true);
    expect(await screen.findAllByRole('button', { name: 'Add Property' })).not.toHaveLength(0);
  });

  it('opens an older version read-only from the version history; settings stay editable', async () => {
    const now = Date.now();
    const versions = [
      {
        surveyTemplateVersionId: versionId,
        versionNumber: 2,
        surveyTemplateState: 'DRAFT',
        updatedAt: new Date(now).toISOString(),
      },
      {
        surveyTemplateVersionId: olderVersionId,
        versionNumber: 1,
        surveyTemplateState: 'UNPUBLISHED',
        updatedAt: new Date(now - dayMs).toISOString(),
      },
    ];
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/lists/': () => ({ lists: [] }),
        [url]: () => buildVersion({ versionNumber: 2, versions }),
        [`/survey-templates/${olderVersionId}`]: () =>
          buildVersion({
            versionIdOverride: olderVersionId,
            versionNumber: 1,
            state: 'UNPUBLISHED',
            versions,
            definition: {
              properties: [{ id: 'e1b2c3d4-0000-4000-8000-0000000000aa', type: 'Text', label: 'Store' }],
            },
          }),
      },
    });
    const { router } = renderApp(`${url}/questions`);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Version history: viewing version 2' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Version 2 · Draft'),
      expect.stringContaining('Version 1 · Unpublished'),
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: /Version 1/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/survey-templates/${olderVersionId}/questions`),
    );
    expect(await screen.findByText('You are viewing version 1')).toBeInTheDocument();
    expect(screen.getByText('This version is read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Question' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Properties' }));
    expect(await screen.findByText('Store')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Property' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Store' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Reminders' }));
    expect(await screen.findAllByRole('button', { name: 'Add Reminder' })).not.toHaveLength(0);
  });

  it('says a stale write was refused and reloads the version on request', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: { questions: [npsQuestion] } }));
    renderApp(`${url}/questions`);
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Survey Questions' });
    // Someone else saves meanwhile.
    server.version = {
      ...server.version,
      updatedAt: new Date(Date.now() + 5000).toISOString(),
      surveyTemplateName: 'Renamed elsewhere',
    };

    await user.click(screen.getByRole('button', { name: 'More actions for Q1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findAllByText(staleTemplateMessage)).not.toHaveLength(0);
    expect(lastPatch(server).updatedAt).not.toBe(server.version.updatedAt);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { name: 'Renamed elsewhere' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More actions for Q1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Question duplicated successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions).toHaveLength(2);
  });

  it("opens the spec's /edit-survey as the editor and /send-new-survey with the send dialog", async () => {
    mockTemplateServer(buildVersion({ state: 'PUBLISHED' }));
    const first = renderApp(`${url}/edit-survey`);
    expect(await screen.findByRole('heading', { name: 'Survey Questions' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe(`${url}/questions`);
    first.unmount();

    const second = renderApp(`${url}/send-new-survey`);
    expect(await screen.findByRole('dialog', { name: 'Send Survey' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe(`${url}/properties`);
  });
});
