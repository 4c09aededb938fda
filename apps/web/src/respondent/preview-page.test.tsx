import type { SurveyProperty } from '@graphium/shared';
import { configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { PreviewPage, previewBannerText } from './preview-page';
import { everyQuestion, fakeApi, respondentSurvey } from './testing/fake-api';
import { branching } from './testing/logic-fixtures';
import { expectFocus } from './testing/respondent-page';

// Two cores shared with other suites: give each awaited step more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const lastName: SurveyProperty = {
  id: 'p-last',
  type: 'Text',
  label: 'Last Name',
  validation: { required: true, authentication: true },
} as SurveyProperty;

function renderPreview(survey = respondentSurvey({ state: 'SENT' })) {
  const calls = fakeApi({});
  const user = setupUser();
  render(<PreviewPage survey={survey} />);
  return { user, calls };
}

describe('the template preview', () => {
  it('says on a named region that answers are not recorded', async () => {
    renderPreview();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(previewBannerText);
    expect(previewBannerText).toBe('Preview: answers are not recorded.');
    expect(await screen.findByRole('heading', { level: 1, name: 'After your visit' })).toBeVisible();
  });

  it('walks from the welcome through every question to the closing page without calling the server', async () => {
    const { user, calls } = renderPreview(
      respondentSurvey({ state: 'SENT', questions: everyQuestion(true) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '9' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: '5' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Tyres' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('combobox', { name: /Which store did you visit/ }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const name = await screen.findByRole('textbox', { name: /Your name/ });
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Anything else/ }), 'All good');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toHaveValue('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Complete Survey' }));
    await expectFocus(screen.findByRole('heading', { name: 'Thank you for your feedback!' }));
    expect(screen.getByText('Thank you, Ada.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Preview' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('asks the authentication properties and accepts anything', async () => {
    const survey = respondentSurvey({ state: 'SENT' });
    survey.surveyTemplate.surveyTemplateDefinition.properties = [lastName];
    const { user, calls } = renderPreview(survey);
    await expectFocus(screen.findByRole('heading', { name: 'Authentication Required' }));
    await user.type(screen.getByRole('textbox', { name: 'Last Name (required)' }), 'anything');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('follows the survey logic like the respondent page', async () => {
    const { user, calls } = renderPreview(respondentSurvey({ state: 'SENT', questions: branching() }));
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    await user.click(screen.getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'What went wrong?' })).toBeVisible();
    expect(screen.getByText('Question 2 of 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(await screen.findByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'What did you like?' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Complete Survey' }));
    await expectFocus(screen.findByRole('heading', { name: 'Thank you for your feedback!' }));
    expect(calls).toEqual([]);
  });

  it('switches between the template languages (decision 025)', async () => {
    const { user, calls } = renderPreview(
      respondentSurvey({
        state: 'SENT',
        translations: { fr: { openingText: 'Bienvenue, Ada.', questions: {} } },
      }),
    );
    const menu = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(menu, 'fr');
    expect(await screen.findByRole('button', { name: 'Commencer l’enquête' })).toBeVisible();
    expect(screen.getByText('Bienvenue, Ada.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(calls).toEqual([]);
  });
});
