import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyQuestion, fakeApi, respondentSurvey } from '@/respondent/testing/fake-api';
import { mockApi, signedOut } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildVersion, mockTemplateServer, npsQuestion, versionId } from './template-fixtures';

// Decision 022: Preview opens the version's respondent page in a new tab, recording nothing.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const previewUrl = `/survey-templates/${versionId}/preview`;
const survey = {
  ...respondentSurvey({ state: 'SENT', questions: everyQuestion().filter(({ id }) => id === 'q-nps') }),
  surveyId: versionId,
};

describe('previewing a template', () => {
  it('offers a viewer Preview on a draft, opening the preview in a new tab', async () => {
    mockTemplateServer(buildVersion({ state: 'DRAFT', definition: { questions: [npsQuestion] } }), {
      get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }) },
    });
    renderApp(`/survey-templates/${versionId}/questions`);
    const preview = await screen.findByRole('link', { name: /^Preview\b.*new tab/ });
    expect(preview).toHaveAttribute('href', previewUrl);
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it("shows the respondent page under the banner, without the app's navigation, and saves nothing", async () => {
    const fetchCalls = fakeApi({});
    const { calls } = mockTemplateServer(buildVersion(), { get: { [previewUrl]: () => survey } });
    renderApp(previewUrl);
    const user = setupUser();
    const banner = await screen.findByRole('region', { name: 'Preview' });
    expect(banner).toHaveTextContent('Preview: answers are not recorded.');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Complete Survey' }));
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    expect(calls.filter((call) => call.method !== 'get')).toEqual([]);
    expect(fetchCalls).toEqual([]);
  });

  it('says when the version is not there', async () => {
    mockTemplateServer(buildVersion());
    renderApp(previewUrl);
    expect(await screen.findByText('Template Not Found')).toBeVisible();
  });

  it('sends a signed-out visitor to sign in, then back to the preview', async () => {
    mockApi({ get: { '/accounts/startup': signedOut } });
    const { router } = renderApp(previewUrl);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.state).toEqual({ from: previewUrl });
  });
});
