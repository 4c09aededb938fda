import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { buildVersion, mockTemplateServer, npsQuestion, templateId, versionId } from './template-fixtures';

// Decision 044: an admin deletes a survey template with its responses, its name typed.
const url = `/survey-templates/${versionId}/properties`;
const published = () => buildVersion({ state: 'PUBLISHED', definition: { questions: [npsQuestion] } });

describe('deleting a survey template', () => {
  it('is blocked for an editor with the reason', async () => {
    mockTemplateServer(published(), { get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp(url);
    expectBlockedWithReason(
      await screen.findByRole('button', { name: 'Delete' }),
      'Only admins can delete survey templates. Ask an admin if you need this.',
    );
  });

  it('asks an admin for the name, says what goes, and leaves for the templates list', async () => {
    const { calls } = mockTemplateServer(published(), {
      post: { '/template-deletions': () => ({ surveys: 12, completedSurveys: 5, versions: 2 }) },
      get: { '/survey-templates/': () => ({ surveyTemplates: [] }) },
    });
    const { router } = renderApp(url);
    const user = setupUser();
    const name = (await screen.findByRole('heading', { level: 1 })).textContent ?? '';
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Survey Template' });
    expect(within(dialog).getByText(/yours to delete/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Template' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), name);
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/template-deletions')?.body).toEqual({
        surveyTemplateId: templateId,
        confirmation: name,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey-templates'));
  });
});
