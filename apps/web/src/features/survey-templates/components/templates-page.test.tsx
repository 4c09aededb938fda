import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { baseVersionId, buildVersion, templateId, versionId } from './template-fixtures';

const dayMs = 24 * 60 * 60 * 1000;
const otherTemplateId = 'a1b2c3d4-0000-4000-8000-0000000000b1';
const otherVersionId = 'a1b2c3d4-0000-4000-8000-0000000000b2';

function listItem(overrides: Record<string, unknown>) {
  return {
    surveyTemplateId: templateId,
    surveyTemplateVersionId: versionId,
    surveyTemplateName: 'Customer satisfaction',
    surveyTemplateDescription: '',
    surveyTemplateState: 'PUBLISHED',
    updatedAt: new Date(Date.now() - 2 * dayMs).toISOString(),
    responsesCount: 12,
    ...overrides,
  };
}

const surveyList = () => ({
  surveyTemplates: [
    listItem({}),
    listItem({
      surveyTemplateId: otherTemplateId,
      surveyTemplateVersionId: otherVersionId,
      surveyTemplateName: 'After sales',
      surveyTemplateState: 'DRAFT',
      updatedAt: undefined,
      responsesCount: 3,
    }),
  ],
});

function baseItem(overrides: Record<string, unknown> = {}) {
  return {
    baseSurveyTemplateId: 'b1b2c3d4-0000-4000-8000-0000000000c1',
    baseSurveyTemplateVersionId: baseVersionId,
    baseSurveyTemplateName: 'Retail NPS',
    baseSurveyTemplateDescription: 'The standard retail survey',
    baseSurveyTemplateState: 'PUBLISHED',
    updatedAt: new Date().toISOString(),
    usageCount: 4,
    questionCount: 7,
    ...overrides,
  };
}

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
}

const bodyRows = () => (screen.getAllByRole('row') as HTMLTableRowElement[]).slice(1);

describe('Survey templates list', () => {
  it('shows the loading text, then Name, Status, Responses and Last Updated', async () => {
    mockApi({ get: { '/accounts/startup': () => buildStartup(), '/survey-templates/': surveyList } });
    renderApp('/survey-templates');

    expect(await screen.findByText('Loading survey templates...')).toBeInTheDocument();
    expect(await screen.findByText('Customer satisfaction')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Status',
      'Responses',
      'Last Updated',
    ]);
    expect(rowOf('Customer satisfaction').getByText('12')).toBeInTheDocument();
    expect(rowOf('Customer satisfaction').getByText('2 days ago')).toBeInTheDocument();
    expect(rowOf('Customer satisfaction').getByText('Published')).toHaveClass('bg-green-50');
    expect(rowOf('After sales').getByText('-')).toBeInTheDocument();
    expect(rowOf('After sales').getByText('Draft')).toHaveClass('bg-yellow-50');
  });

  it('searches by name, sorts by a column and opens a row by its version id', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-templates/': surveyList,
        '/lists/': () => ({ lists: [] }),
        [`/survey-templates/${versionId}`]: () => buildVersion(),
      },
    });
    const { router } = renderApp('/survey-templates');
    const user = setupUser();
    await screen.findByText('Customer satisfaction');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyRows().map((row) => row.cells[0]?.textContent)).toEqual([
      'After sales',
      'Customer satisfaction',
    ]);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Responses/ }));
    expect(bodyRows().map((row) => row.cells[2]?.textContent)).toEqual(['12', '3']);

    await user.type(screen.getByPlaceholderText('Search templates...'), 'after');
    expect(bodyRows().map((row) => row.cells[0]?.textContent)).toEqual(['After sales']);
    await user.clear(screen.getByPlaceholderText('Search templates...'));
    await user.type(screen.getByPlaceholderText('Search templates...'), 'zzz');
    expect(screen.getByText('No templates match “zzz”.')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search templates...'));

    await user.click(rowOf('Customer satisfaction').getByText('12'));
    expect(router.state.location.pathname).toBe(`/survey-templates/${versionId}`);
  });

  it('shows the error text with the message, or Unknown error', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-templates/': () => {
          throw apiError(403, {});
        },
      },
    });
    renderApp('/survey-templates');
    expect(await screen.findByText('Error loading survey templates: Unknown error')).toBeInTheDocument();
  });

  it('shows the empty state with Create Your First Template, blocked for viewers with the reason', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-templates/': () => ({ surveyTemplates: [] }),
      },
    });
    const first = renderApp('/survey-templates');
    expect(await screen.findByText('No survey templates yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Template' })).toBeInTheDocument();
    first.unmount();

    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ role: 'viewer' }),
        '/survey-templates/': () => ({ surveyTemplates: [] }),
      },
    });
    renderApp('/survey-templates');
    expect(await screen.findByText('No survey templates yet')).toBeInTheDocument();
    const reason = "Viewers can't create templates. Ask an admin for the editor role.";
    expectBlockedWithReason(screen.getByRole('button', { name: 'Create Template' }), reason);
    const emptyAction = screen.getByRole('button', { name: 'Create Your First Template' });
    expectBlockedWithReason(emptyAction, reason);
    await setupUser().click(emptyAction);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Create Template dialog', () => {
  function setUp(post: (body: unknown) => unknown) {
    return mockApi({
      get: {
        '/accounts/startup': () => buildStartup(),
        '/survey-templates/': () => ({ surveyTemplates: [] }),
        '/base-survey-templates/': () => ({
          baseSurveyTemplates: [
            baseItem(),
            baseItem({
              baseSurveyTemplateVersionId: 'b1b2c3d4-0000-4000-8000-0000000000c9',
              baseSurveyTemplateName: 'Draft base',
              baseSurveyTemplateState: 'DRAFT',
            }),
          ],
        }),
        '/lists/': () => ({ lists: [] }),
        [`/survey-templates/${versionId}`]: () => buildVersion(),
      },
      post: { '/survey-templates/': post },
    });
  }

  it('offers the choice, goes back to it, checks the name and creates from scratch', async () => {
    const calls = setUp(() => buildVersion({ name: 'Visit survey' }));
    const { router } = renderApp('/survey-templates');
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Create Your First Template' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    await user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));
    expect(within(dialog).getByLabelText('Template Name')).toBeInTheDocument();
    // Closing and opening again starts at the choice.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create Your First Template' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    expect(within(dialog).queryByLabelText('Template Name')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: /Use a predefined template/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await within(dialog).findByText('Template name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Template Name'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(
      await within(dialog).findByText('Template name must be at least 3 characters'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Template Name'), 'c visit');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'After each visit');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/survey-templates/${versionId}`));
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      surveyTemplateName: 'abc visit',
      surveyTemplateDescription: 'After each visit',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the failure under the name field, with or without the server message', async () => {
    let body: unknown = { error: 'CONFLICT', message: 'Too many templates' };
    setUp(() => {
      throw apiError(409, body);
    });
    renderApp('/survey-templates');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    await user.click(within(dialog).getByRole('button', { name: /Create from scratch/ }));
    await user.type(within(dialog).getByLabelText('Template Name'), 'Visit survey');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(
      await within(dialog).findByText('Failed to create template: Too many templates'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Template Name')).toHaveAccessibleDescription(
      'Failed to create template: Too many templates',
    );

    body = undefined;
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(
      await within(dialog).findByText('Failed to create template. Please try again.'),
    ).toBeInTheDocument();
  });

  it('creates from a predefined template chosen among the published base cards', async () => {
    const calls = setUp(() => buildVersion());
    const { router } = renderApp('/survey-templates');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    await user.click(within(dialog).getByRole('button', { name: /Use a predefined template/ }));

    const card = await within(dialog).findByRole('radio', { name: /Retail NPS/ });
    expect(within(dialog).getByText('7 questions')).toBeInTheDocument();
    expect(within(dialog).queryByText('Draft base')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New Template Name'), 'Our retail NPS');
    expect(within(dialog).getByRole('button', { name: 'Create Template' })).toBeDisabled();
    await user.click(card);
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/survey-templates/${versionId}`));
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      surveyTemplateName: 'Our retail NPS',
      surveyTemplateDescription: '',
      baseSurveyTemplateVersionId: baseVersionId,
    });
  });
});

describe('Base survey templates', () => {
  it('lists Name, Status, Usage and Last Updated in the provider workspace and creates one', async () => {
    const created = {
      ...baseItem({ baseSurveyTemplateState: 'DRAFT' }),
      versionNumber: 1,
      baseSurveyTemplateDefinition: {},
      baseSurveyTemplateSettings: {},
      accountId: null,
      createdAt: new Date().toISOString(),
      versions: [],
    };
    const calls = mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ isGraphiumWorkspace: true }),
        '/base-survey-templates/': () => ({ baseSurveyTemplates: [baseItem()] }),
        '/lists/': () => ({ lists: [] }),
        [`/base-survey-templates/${baseVersionId}`]: () => created,
      },
      post: { '/base-survey-templates/': () => created },
    });
    const { router } = renderApp('/base-survey-templates');
    const user = setupUser();

    expect(await screen.findByRole('heading', { name: 'Base Survey Templates' })).toBeInTheDocument();
    expect(await screen.findByText('Retail NPS')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Status',
      'Usage',
      'Last Updated',
    ]);
    expect(rowOf('Retail NPS').getByText('4')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search base templates...')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Base Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Base Template' });
    await user.type(within(dialog).getByLabelText('Template Name'), 'Retail NPS');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'The standard');
    await user.click(within(dialog).getByRole('button', { name: 'Create Base Template' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/base-survey-templates/${baseVersionId}`),
    );
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      baseSurveyTemplateName: 'Retail NPS',
      baseSurveyTemplateDescription: 'The standard',
    });
    expect(await screen.findByRole('link', { name: 'Back to Base Templates' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Template sections' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Properties', 'Questions', 'Translations', 'Settings']);
  });

  it('shows the empty text, and a clear refusal outside the provider workspace', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ isGraphiumWorkspace: true }),
        '/base-survey-templates/': () => ({ baseSurveyTemplates: [] }),
      },
    });
    const first = renderApp('/base-survey-templates');
    expect(await screen.findByText('No base templates yet')).toBeInTheDocument();
    first.unmount();

    const calls = mockApi({ get: { '/accounts/startup': () => buildStartup() } });
    renderApp(`/base-survey-templates/${baseVersionId}/questions`);
    expect(
      await screen.findByText('Base survey templates are managed by the provider workspace'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('templates'))).toEqual([]);
  });

  it('shows the base load error texts', async () => {
    mockApi({
      get: {
        '/accounts/startup': () => buildStartup({ isGraphiumWorkspace: true }),
        '/base-survey-templates/': () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'Down for a moment' });
        },
        [`/base-survey-templates/${baseVersionId}`]: () => {
          throw apiError(403, { error: 'FORBIDDEN', message: 'Down for a moment' });
        },
      },
    });
    const first = renderApp('/base-survey-templates');
    expect(
      await screen.findByText('Error loading base survey templates: Down for a moment'),
    ).toBeInTheDocument();
    first.unmount();
    renderApp(`/base-survey-templates/${baseVersionId}`);
    expect(
      await screen.findByText('Error loading base survey template: Down for a moment'),
    ).toBeInTheDocument();
  });
});
