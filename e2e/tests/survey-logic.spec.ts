import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 023: an author orders the questions by keyboard drag and drop and builds a branching
// survey in the Logic editor; respondents on a 360 px phone answer two different paths, going
// back along theirs, and the server keeps only the answers their path showed.

const phone = { width: 360, height: 740 };

const question = (type: string, text: string, label: string, required = true) => ({
  id: randomUUID(),
  type,
  question: text,
  label,
  validation: { required },
});

async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openRespondentPage(browser: Browser, surveyId: string) {
  const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`/survey/${surveyId}`);
  await expect(page.getByRole('button', { name: 'Start Survey' })).toBeVisible();
  return { context, page };
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an author builds a branching survey and respondents answer two paths on a phone', async ({
  page,
  browser,
}) => {
  await signUp(page, newPerson('Lena', 'Logic'), 'Branch Bakery');
  const nps = question('NetPromoterScore', 'How likely are you to recommend us?', 'Recommend');
  const liked = question('ShortTextEntry', 'What did you like most?', 'Liked');
  const wrong = question('LongTextEntry', 'What went wrong?', 'Went wrong');
  const more = question('ShortTextEntry', 'Anything else?', 'More', false);
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Bakery visit',
    surveyTemplateDescription: 'After a visit',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: { questions: [nps, liked, wrong, more] },
  });

  await page.goto(`/survey-templates/${versionId}/questions`);
  await expect(page.getByRole('article')).toHaveCount(4);

  // Drag and drop with the mouse: "What went wrong?" goes up one place.
  const handle = page.getByRole('button', { name: 'Reorder Q3' });
  const from = (await handle.boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Reorder Q2' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText('Question moved successfully!')).toBeVisible();
  await expect(page.getByRole('article').nth(1)).toContainText('What went wrong?');

  // Q2 is shown to detractors only.
  await page.getByRole('button', { name: 'Logic of Q2' }).click();
  const q2 = page.getByRole('dialog', { name: 'Logic of Q2' });
  await q2.getByRole('radio', { name: 'Only when earlier answers meet conditions' }).check();
  await choose(page, q2, /^Question/, 'Q1: Recommend');
  await choose(page, q2, /^Operator/, 'Less than');
  await choose(page, q2, /^Value/, '7');
  await expectNoSeriousA11yViolations(page);
  await q2.getByRole('button', { name: 'Save Logic' }).click();
  await expect(page.getByText('Logic saved successfully!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Logic of Q2' })).toHaveText('Shown if Q1 is less than 7');

  // Q3 to promoters, and "Everything" ends the survey there.
  await page.getByRole('button', { name: 'Logic of Q3' }).click();
  const q3 = page.getByRole('dialog', { name: 'Logic of Q3' });
  await q3.getByRole('radio', { name: 'Only when earlier answers meet conditions' }).check();
  await choose(page, q3, /^Question/, 'Q1: Recommend');
  await choose(page, q3, /^Operator/, 'Greater than');
  await choose(page, q3, /^Value/, '6');
  await q3.getByRole('button', { name: 'Add Jump' }).click();
  await choose(page, q3, /^If the answer/, 'Equals');
  await q3.getByRole('textbox', { name: 'Value' }).fill('Everything');
  await choose(page, q3, /^Go to/, 'End of survey');
  await q3.getByRole('button', { name: 'Save Logic' }).click();
  await expect(page.getByText('Logic saved successfully!').first()).toBeVisible();
  const q3Logic = page.getByRole('list', { name: 'Logic of Q3' });
  await expect(q3Logic).toContainText('Shown if Q1 is greater than 6');
  await expect(q3Logic).toContainText('If the answer is equal to “Everything”, end the survey');

  // Drag and drop by keyboard; a move that would make logic point backwards is refused.
  // Each key waits for the step before to show (dnd-kit moves on animation frames).
  const reorderQ2 = page.getByRole('button', { name: 'Reorder Q2' });
  await reorderQ2.focus();
  await page.keyboard.press('Space');
  await expect(reorderQ2).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit measures the list on an animation frame after the pick-up: an arrow pressed before
  // that moves nothing, so press again until it moves (at the top, another ArrowUp is a no-op).
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Q2 is over position 1.')).toBeAttached({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(page.getByText(/This order breaks the survey logic/)).toBeVisible();
  await expect(page.getByRole('article').nth(1)).toContainText('What went wrong?');
  await expect(page.getByRole('article').first()).toContainText('How likely are you to recommend us?');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  const send = () =>
    callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
      surveyProperties: {},
    }).then((survey) => survey.surveyId as string);

  // Path one: a promoter who first answered as a detractor, then went back and changed it.
  const first = await send();
  {
    const { context, page: respondent } = await openRespondentPage(browser, first);
    await respondent.getByRole('button', { name: 'Start Survey' }).click();
    await expect(respondent.getByText('Question 1 of 2')).toBeVisible();
    await respondent.getByText('3', { exact: true }).click();
    await expect(respondent.getByText('Question 1 of 3')).toBeVisible();
    await respondent.getByRole('button', { name: 'Next' }).click();
    await expect(respondent.getByRole('heading', { name: /What went wrong\?/ })).toBeVisible();
    await respondent.getByRole('textbox', { name: /What went wrong/ }).fill('Stale bread');
    await respondent.getByRole('button', { name: 'Next' }).click();
    await expect(respondent.getByText('Question 3 of 3')).toBeVisible();
    await expectNoSeriousA11yViolations(respondent);
    await expectNoHorizontalScroll(respondent);
    // Previous goes back along the path taken.
    await respondent.getByRole('button', { name: 'Previous' }).click();
    await expect(respondent.getByRole('heading', { name: /What went wrong\?/ })).toBeVisible();
    await respondent.getByRole('button', { name: 'Previous' }).click();
    await expect(respondent.getByText('Question 1 of 3')).toBeVisible();
    await respondent.getByText('9', { exact: true }).click();
    await respondent.getByRole('button', { name: 'Next' }).click();
    await expect(respondent.getByRole('heading', { name: /What did you like most\?/ })).toBeVisible();
    await respondent.getByRole('textbox', { name: /What did you like most/ }).fill('Everything');
    await expect(respondent.getByText('Question 2 of 2')).toBeVisible();
    await expectNoSeriousA11yViolations(respondent);
    await expectNoHorizontalScroll(respondent);
    await respondent.getByRole('button', { name: 'Complete Survey' }).click();
    await expect(respondent.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    await expectNoSeriousA11yViolations(respondent);
    await context.close();
  }
  const firstResponse = await callApi(page.request, 'get', `/api/surveys/${first}/response`);
  expect(firstResponse.surveyResponses).toEqual({ [nps.id]: 9, [liked.id]: 'Everything' });

  // Path two: a detractor.
  const second = await send();
  {
    const { context, page: respondent } = await openRespondentPage(browser, second);
    await respondent.getByRole('button', { name: 'Start Survey' }).click();
    await respondent.getByText('2', { exact: true }).click();
    await respondent.getByRole('button', { name: 'Next' }).click();
    await respondent.getByRole('textbox', { name: /What went wrong/ }).fill('Queue');
    await respondent.getByRole('button', { name: 'Next' }).click();
    await expect(respondent.getByRole('heading', { name: /Anything else\?/ })).toBeVisible();
    await expect(respondent.getByText('Question 3 of 3')).toBeVisible();
    await respondent.getByRole('button', { name: 'Complete Survey' }).click();
    await expect(respondent.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
    await context.close();
  }
  const secondResponse = await callApi(page.request, 'get', `/api/surveys/${second}/response`);
  expect(secondResponse.surveyResponses).toEqual({ [nps.id]: 2, [wrong.id]: 'Queue' });
});
