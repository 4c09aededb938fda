import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { callApi } from '../support/api.js';
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 026: the survey e-mail shows its first question (NPS) as eleven links. Following them
// (as a mail scanner does) records nothing; the respondent follows "8", sees the confirm page on a
// 360 px phone, confirms by keyboard, lands on the next question and completes the survey.

const mobile = { width: 360, height: 740 };

async function expectNoA11yViolations(page: Page) {
  await expectNoSeriousA11yViolations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}`),
  ).toEqual([]);
}

async function sendSurvey(page: Page, respondentEmail: string) {
  await signUp(page, newPerson('Erin', 'Emailer'), 'Tyre Town');
  const nps = {
    id: randomUUID(),
    type: 'NetPromoterScore',
    question: 'How likely are you to recommend us?',
    label: 'NPS',
    startLabel: 'Not at all likely',
    endLabel: 'Extremely likely',
    validation: { required: true },
  };
  const stars = {
    id: randomUUID(),
    type: 'StarRatingScale',
    question: 'How was the service?',
    label: 'Service',
    validation: { required: true },
  };
  const comment = {
    id: randomUUID(),
    type: 'ShortTextEntry',
    question: 'Who served you?',
    label: 'Served by',
    validation: { required: false },
  };
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'After your visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = template.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Tell us about your visit.',
      closingText: 'Thank you!',
      properties: [],
      questions: [nps, stars, comment],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const sent = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: respondentEmail }],
  });
  return { surveyId: sent.surveyId as string, nps, stars, comment };
}

/** The survey as the respondent API reports it: what has been recorded so far. */
async function recorded(request: APIRequestContext, baseURL: string, surveyId: string) {
  const response = await request.get(`${baseURL}/api/surveys/${surveyId}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { surveyState: string; surveyResponses: Record<string, unknown> };
  return { state: body.surveyState, responses: body.surveyResponses };
}

test('answering the first question from the survey e-mail', async ({ page, browser, baseURL }) => {
  const respondentEmail = uniqueEmail('nora');
  const { surveyId, nps, stars } = await sendSurvey(page, respondentEmail);
  const mail = await waitForMail(respondentEmail);

  // Eleven links in both parts, 0 to 10, each a button whose text is its number.
  const linkPattern = new RegExp(`https?://[^\\s"]+/survey/${surveyId}\\?answer=${nps.id}:(\\d+)`, 'g');
  const textLinks = [...mail.text.matchAll(linkPattern)];
  expect(textLinks.map((match) => Number(match[1]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect([...mail.html.matchAll(linkPattern)].map((match) => Number(match[1]))).toEqual([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ]);
  expect(mail.text).toContain('0 stands for “Not at all likely” and 10 for “Extremely likely”');
  const link8 = textLinks[8]![0];

  // A mail scanner follows every link: nothing is recorded.
  const scanner = await playwrightRequest.newContext();
  for (const match of textLinks) expect((await scanner.get(match[0])).ok()).toBe(true);
  expect(await recorded(scanner, baseURL, surveyId)).toEqual({ state: 'SENT', responses: {} });

  // The respondent follows "8" on a phone: the confirm page states the answer; nothing saved yet.
  const context = await browser.newContext({ viewport: mobile, hasTouch: true, isMobile: true });
  const respondent = await context.newPage();
  await respondent.goto(link8);
  const heading = respondent.getByRole('heading', { level: 1, name: 'Confirm your answer' });
  await expect(heading).toBeFocused();
  await expect(respondent.getByRole('radio', { name: '8', exact: true })).toBeChecked();
  await expect(respondent.getByText('Your answer: 8')).toBeVisible();
  await expect(respondent.getByText('Not at all likely')).toBeVisible();
  expect((await recorded(scanner, baseURL, surveyId)).responses).toEqual({});
  await expectNoA11yViolations(respondent);
  const overflow = await respondent.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // By keyboard: change to 9 and back to 8, then confirm.
  await respondent.keyboard.press('Tab');
  await expect(respondent.getByRole('radio', { name: '8', exact: true })).toBeFocused();
  await respondent.keyboard.press('ArrowRight');
  await expect(respondent.getByText('Your answer: 9')).toBeVisible();
  await respondent.keyboard.press('ArrowLeft');
  await expect(respondent.getByText('Your answer: 8')).toBeVisible();
  await respondent.keyboard.press('Tab');
  await expect(respondent.getByRole('button', { name: 'Confirm answer' })).toBeFocused();
  await respondent.keyboard.press('Enter');

  // The next question; the answer is recorded once; a reload resumes here, not at the confirm.
  await expect(respondent.getByText('Question 2 of 3')).toBeVisible();
  await expect(respondent.getByRole('heading', { name: /How was the service\?/ })).toBeFocused();
  expect(await recorded(scanner, baseURL, surveyId)).toEqual({
    state: 'IN_PROGRESS',
    responses: { [nps.id]: 8 },
  });
  expect(new URL(respondent.url()).search).toBe('');
  await expectNoA11yViolations(respondent);
  await respondent.reload();
  await expect(respondent.getByText('Question 2 of 3')).toBeVisible();

  // Complete the survey.
  await respondent.locator('label').filter({ hasText: '4 stars' }).click();
  await respondent.getByRole('button', { name: 'Next' }).click();
  await expect(respondent.getByText('Question 3 of 3')).toBeVisible();
  await respondent.getByRole('textbox', { name: 'Who served you?' }).fill('Sam');
  await respondent.getByRole('button', { name: 'Complete Survey' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  expect(await recorded(scanner, baseURL, surveyId)).toEqual({
    state: 'COMPLETE',
    responses: expect.objectContaining({ [nps.id]: 8, [stars.id]: 4 }),
  });

  // The link again, after completion: the thank-you page, nothing to confirm.
  await respondent.goto(link8);
  await expect(respondent.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await expect(respondent.getByRole('button', { name: 'Confirm answer' })).toHaveCount(0);
  await expectNoA11yViolations(respondent);
  await context.close();
  await scanner.dispose();
});
