import type { Locator, Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  uniqueEmail,
  waitForToastsToClose,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 027: a staff member authors one question of each new type (Customer Effort
// Score, CSAT, date, consent, ranking, matrix), a respondent answers them on a 360 px phone with
// the keyboard, and staff read the response and the summary.

const phone = { width: 360, height: 740 };

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addQuestion(
  page: Page,
  type: string,
  question: string,
  label: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Add Question' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await choose(page, dialog.getByRole('combobox', { name: /Question Type/ }), type);
  await dialog.getByLabel('Question Text').fill(question);
  await dialog.getByLabel('Label', { exact: true }).fill(label);
  await dialog.getByLabel('Required').check();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: question, level: 3 })).toBeVisible();
}

/** Focuses a control and presses a key, as a keyboard user would after tabbing to it. */
async function press(control: Locator, key: string) {
  await control.focus();
  await control.press(key);
}

test('author, answer on a phone and read back the six new question types', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page, newPerson('Quinn', 'Types'), 'Types Tyres');
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'New types',
    surveyTemplateDescription: 'Every new question type',
  });
  const versionId = created.surveyTemplateVersionId as string;

  await page.goto(`/survey-templates/${versionId}/questions`);
  await expect(page.getByText('No Questions Yet')).toBeVisible();
  await addQuestion(
    page,
    'Customer Effort Score (CES)',
    'How easy was it to book?',
    'Effort',
    async (dialog) => {
      await dialog.getByLabel('Start Label').fill('Very difficult');
      await dialog.getByLabel('End Label').fill('Very easy');
      await dialog.getByLabel('Include in the composite score').check();
    },
  );
  await addQuestion(
    page,
    'Customer Satisfaction (CSAT)',
    'How satisfied are you?',
    'Satisfaction',
    async (dialog) => {
      await expect(dialog.getByRole('radio', { name: 'Faces' })).toBeChecked();
      await dialog.getByLabel('Start Label').fill('Very unhappy');
      await dialog.getByLabel('End Label').fill('Very happy');
    },
  );
  await addQuestion(page, 'Date', 'When did you visit?', 'Visit date', async (dialog) => {
    await dialog.getByLabel('Earliest Date (optional)').fill('2026-01-01');
    await dialog.getByLabel('Latest Date (optional)').fill('2026-12-31');
  });
  await addQuestion(page, 'Consent', 'May we contact you?', 'Contact', async (dialog) => {
    await dialog.getByLabel('Consent Text').fill('You may contact me about my answers.');
    await dialog.getByLabel('Link URL (optional)').fill('https://example.com/privacy');
    await dialog.getByLabel('Link Label (optional)').fill('Privacy notice');
  });
  await addQuestion(page, 'Ranking', 'What matters most?', 'Priorities', async (dialog) => {
    await dialog.getByLabel('Options to Rank (one per line)').fill('Price\nSpeed\nService');
  });
  await addQuestion(page, 'Matrix (Likert)', 'How far do you agree?', 'Visit', async (dialog) => {
    await dialog.getByLabel('Statements (one per line)').fill('The staff were friendly\nThe wait was short');
  });
  await expect(page.getByText('1 = Very difficult, 7 = Very easy • Score: 0%')).toBeVisible();
  await expect(page.getByText('2 statements × 5 columns')).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoSeriousA11yViolations(page);

  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const sent = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('typed') }],
    surveyProperties: {},
  });
  const surveyId = sent.surveyId as string;

  // The respondent, on a phone, with the keyboard.
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const respondent = await context.newPage();
  await respondent.goto(`/survey/${surveyId}`);
  await respondent.getByRole('button', { name: 'Start Survey' }).click();
  const next = respondent.getByRole('button', { name: /^Next/ });
  const hasNoSidewaysScroll = () =>
    respondent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // Customer Effort Score: seven radios, arrow keys move the choice.
  const effort = respondent.getByRole('group', { name: /How easy was it to book\?/ });
  await expect(effort.getByRole('radio')).toHaveCount(7);
  await expect(next).toBeDisabled();
  await press(effort.getByRole('radio', { name: '5' }), 'Space');
  await respondent.keyboard.press('ArrowRight');
  await expect(effort.getByRole('radio', { name: '6' })).toBeChecked();
  expect(await hasNoSidewaysScroll()).toBe(true);
  await expectNoSeriousA11yViolations(respondent);
  await press(next, 'Enter');

  // CSAT faces, named in words.
  const satisfaction = respondent.getByRole('group', { name: /How satisfied are you\?/ });
  await press(satisfaction.getByRole('radio', { name: 'Satisfied', exact: true }), 'Space');
  await expect(satisfaction.getByRole('radio', { name: 'Satisfied', exact: true })).toBeChecked();
  expect(await hasNoSidewaysScroll()).toBe(true);
  await expectNoSeriousA11yViolations(respondent);
  await press(next, 'Enter');

  // Date: the browser's own date input, its range described.
  const visit = respondent.getByLabel('When did you visit?');
  await expect(visit).toHaveAttribute('type', 'date');
  await expect(
    respondent.getByText('Choose a date from January 1, 2026 to December 31, 2026.'),
  ).toBeVisible();
  await visit.fill('2026-03-04');
  await expectNoSeriousA11yViolations(respondent);
  await press(next, 'Enter');

  // Consent: a tick box with the text, and the link.
  const consent = respondent.getByRole('checkbox', { name: /You may contact me about my answers\./ });
  await expect(next).toBeDisabled();
  await press(consent, 'Space');
  await expect(consent).toBeChecked();
  await expect(respondent.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    'https://example.com/privacy',
  );
  await expectNoSeriousA11yViolations(respondent);
  await press(next, 'Enter');

  // Ranking: Service up twice with the keyboard, focus staying on it.
  await expect(respondent.getByRole('button', { name: 'Move Price up' })).toBeDisabled();
  await press(respondent.getByRole('button', { name: 'Move Service up' }), 'Enter');
  await expect(respondent.getByRole('button', { name: 'Move Service up' })).toBeFocused();
  await respondent.keyboard.press('Enter');
  await expect(respondent.getByText('Service moved to position 1 of 3')).toBeAttached();
  await expect(respondent.getByRole('listitem')).toHaveText([/Service/, /Price/, /Speed/]);
  expect(await hasNoSidewaysScroll()).toBe(true);
  await expectNoSeriousA11yViolations(respondent);
  await press(next, 'Enter');

  // Matrix: every statement on the shared scale; Complete waits for all of them.
  const complete = respondent.getByRole('button', { name: 'Complete Survey' });
  const friendly = respondent.getByRole('group', { name: /The staff were friendly/ });
  await press(friendly.getByRole('radio', { name: 'Strongly agree' }), 'Space');
  await expect(complete).toBeDisabled();
  const wait = respondent.getByRole('group', { name: /The wait was short/ });
  await press(wait.getByRole('radio', { name: 'Neutral' }), 'Space');
  await respondent.keyboard.press('ArrowRight');
  await expect(wait.getByRole('radio', { name: 'Agree', exact: true })).toBeChecked();
  expect(await hasNoSidewaysScroll()).toBe(true);
  await expectNoSeriousA11yViolations(respondent);
  await press(complete, 'Enter');
  await expect(respondent.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await context.close();

  // Staff read the response.
  await page.goto(`/survey-templates/${versionId}/responses/${surveyId}`);
  await expect(page.getByRole('heading', { name: 'Respondent' })).toBeVisible();
  for (const text of [
    '6 out of 7',
    '4 out of 5',
    '03/04/2026',
    'Consent given',
    '1. Service, 2. Price, 3. Speed',
    'The staff were friendly: Strongly agree',
    'The wait was short: Agree',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // And the summary: a chart per question, one per matrix statement.
  await page.goto(`/survey-templates/${versionId}/responses`);
  await expect(page.getByRole('figure', { name: 'Effort · 100% low effort (5-7)' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Satisfaction · 100% satisfied (4-5)' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Priorities · ranked first' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Visit: The staff were friendly · 100%' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Visit: The wait was short · 75%' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
