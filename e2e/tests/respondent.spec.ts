import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  linkIn,
  test,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// decision 005, respondent page: a staff member sends a survey by e-mail; the respondent opens the
// link from the e-mail, authenticates, answers every question type, leaves, comes back to the
// right question, completes and sees the thank-you page, on a desktop and on a 360 px phone.

const mobile = { width: 360, height: 740 };
// A 1×1 PNG, the workspace logo.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Staff calls through the signed-in page's cookies, with the anti-forgery header. */
async function staffApi(page: Page) {
  const call = async (method: 'post' | 'patch', url: string, data: object) => {
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    const response = await page.request[method](url, { data, headers: { 'X-XSRF-TOKEN': token ?? '' } });
    expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as Record<string, string>;
  };
  return {
    post: (url: string, data: object) => call('post', url, data),
    patch: (url: string, data: object) => call('patch', url, data),
  };
}

/**
 * Signs a staff member up, publishes a template with every question type (the dropdown drawing
 * on a list) and an authentication property, sends it to a new address and answers the link
 * from the e-mail.
 */
async function sendSurveyByEmail(page: Page): Promise<string> {
  await signUp(page, newPerson('Sofia', 'Sender'), 'Tyre Town');
  const api = await staffApi(page);

  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const logo = await page.request.post('/api/customers/logo/upload', {
    multipart: { logo: { name: 'tyre-town.png', mimeType: 'image/png', buffer: png } },
    headers: { 'X-XSRF-TOKEN': token ?? '' },
  });
  expect(logo.ok(), await logo.text()).toBe(true);

  const { listId } = await api.post('/api/lists/', { listName: 'Stores', listDescription: 'Our shops' });
  await api.post(`/api/lists/${listId}/property`, {
    listProperty: {
      name: 'name',
      displayName: 'Name',
      description: 'Store name',
      type: 'STRING',
      isDefaultLabel: true,
    },
  });
  for (const name of ['North', 'South']) {
    await api.post(`/api/lists/${listId}/item`, { listItemProperties: { name } });
  }

  const lastName = {
    id: randomUUID(),
    type: 'Text',
    label: 'Last Name',
    validation: { required: true, authentication: true },
  };
  const firstName = {
    id: randomUUID(),
    type: 'Text',
    label: 'First Name',
    validation: { required: false, authentication: false },
  };
  const question = (type: string, text: string, extra: object = {}) => ({
    id: randomUUID(),
    type,
    question: text,
    label: text.slice(0, 30),
    validation: { required: true },
    ...extra,
  });
  const template = await api.post('/api/survey-templates/', {
    surveyTemplateName: 'After your visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = template.surveyTemplateVersionId!;
  await api.patch(`/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Hello [First Name], tell us about your visit.',
      closingText: 'Thank you, [First Name]. See you soon!',
      reviewLink: 'https://reviews.example.com/tyre-town',
      properties: [lastName, firstName],
      questions: [
        question('NetPromoterScore', 'How likely are you to recommend us?', {
          startLabel: 'Not at all',
          endLabel: 'Extremely',
        }),
        question('StarRatingScale', 'How was the service?', { startLabel: 'Poor', endLabel: 'Excellent' }),
        question('NumericScale', 'How long did you wait?', {
          startNumber: 1,
          endNumber: 5,
          startLabel: 'Short',
          endLabel: 'Long',
        }),
        question('MultipleChoice', 'What did you buy?', {
          answerOptions: ['Tyres', 'Oil'],
          multiSelect: true,
          includeOtherOption: true,
        }),
        question('DropdownList', 'Which store did you visit?', { listId, placeholderText: 'Choose a store' }),
        question('ShortTextEntry', 'Who served you?', { placeholderText: 'A name', maxLength: 40 }),
        {
          ...question('LongTextEntry', 'Anything else?', { placeholderText: 'Tell us more', maxLength: 500 }),
          validation: { required: false },
        },
      ],
    },
  });
  await api.patch(`/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });

  const respondentEmail = uniqueEmail('ada');
  await api.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: respondentEmail }],
    surveyProperties: { [lastName.id]: 'Lovelace', [firstName.id]: 'Ada' },
  });
  const mail = await waitForMail(respondentEmail);
  return linkIn(mail, /https?:\/\/\S+?\/survey\/[0-9a-f-]{36}/);
}

/** axe: not a single violation of any impact on the respondent views. */
async function expectNoA11yViolations(page: Page) {
  await expectNoSeriousA11yViolations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}`),
  ).toEqual([]);
}

/**
 * The workspace logo shows, loaded, on every view but loading and errors
 * (docs/product-rules.md#the-respondent-page).
 */
async function expectLogo(page: Page) {
  const logo = page.getByRole('img', { name: 'Company logo' });
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openRespondentPage(browser: Browser, link: string, isMobile: boolean) {
  // The respondent is not the staff member: a browser of their own, without the staff session.
  const context = await browser.newContext(
    isMobile ? { viewport: mobile, hasTouch: true, isMobile: true } : {},
  );
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function respondToSurvey(browser: Browser, link: string, isMobile: boolean) {
  const { context, page } = await openRespondentPage(browser, link, isMobile);

  // Authentication (docs/product-rules.md#respondent-authentication), with a wrong answer first.
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(
    page.getByText('Please provide the following information to access this survey:'),
  ).toBeVisible();
  await expectLogo(page);
  const lastName = page.getByRole('textbox', { name: 'Last Name (required)' });
  await expect(lastName).toHaveAttribute('placeholder', 'Enter last name');
  await expect(page.getByText('What did you buy?')).toHaveCount(0);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByText('Last Name is required')).toBeVisible();
  await expectNoA11yViolations(page);
  await lastName.fill('Babbage');
  await expect(page.getByText('Last Name is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByRole('alert')).toHaveText('The information you entered does not match our records.');
  await lastName.fill('  lovelace ');
  await page.getByRole('button', { name: 'Authenticate' }).click();

  // Welcome.
  await expect(page.getByRole('heading', { level: 1, name: 'After your visit' })).toBeVisible();
  await expect(page.getByText('Hello Ada, tell us about your visit.')).toBeVisible();
  await expect(page.getByText('This survey should take about 5 minutes to complete.')).toBeVisible();
  await expectLogo(page);
  await expectNoA11yViolations(page);
  if (isMobile) await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Start Survey' }).click();

  // NPS, by keyboard only: 0 is a real answer and satisfies the required question (decision 005).
  await expect(page.getByText('Question 1 of 7')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  await expect(page.getByRole('heading', { name: /How likely are you to recommend us\?/ })).toBeFocused();
  await expectLogo(page);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(next(page)).toBeDisabled();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: '0', exact: true })).toBeChecked();
  await expect(next(page)).toBeEnabled();
  await expectNoA11yViolations(page);
  if (isMobile) await expectNoHorizontalScroll(page);
  await page.keyboard.press('Tab');
  await expect(next(page)).toBeFocused();
  await page.keyboard.press('Enter');

  // Stars.
  await expect(page.getByText('Question 2 of 7')).toBeVisible();
  await expect(page.getByRole('heading', { name: /How was the service\?/ })).toBeFocused();
  await page.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expectNoA11yViolations(page);
  await next(page).click();

  // Numeric scale 1-5.
  await expect(page.getByText('Question 3 of 7')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(5);
  await page.locator('label').filter({ hasText: /^2$/ }).click();
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  await next(page).click();

  // Multiple choice with "Other (please specify)".
  await expect(page.getByText('Question 4 of 7')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Tyres' }).check();
  await page.getByRole('checkbox', { name: 'Other (please specify)' }).check();
  await page.getByRole('textbox', { name: 'Please specify' }).fill('Wipers');
  await expectNoA11yViolations(page);
  if (isMobile) await expectNoHorizontalScroll(page);
  await next(page).click();
  await expect(page.getByText('Question 5 of 7')).toBeVisible();

  // Leave (close the page) and come back: the survey resumes at the first unanswered question.
  await page.close();
  const resumed = await context.newPage();
  await resumed.goto(link);
  await expect(resumed.getByText('Question 5 of 7')).toBeVisible();
  await expect(resumed.getByRole('button', { name: 'Start Survey' })).toHaveCount(0);
  await resumed.getByRole('button', { name: 'Previous' }).click();
  await expect(resumed.getByRole('checkbox', { name: 'Tyres' })).toBeChecked();
  await expect(resumed.getByRole('textbox', { name: 'Please specify' })).toHaveValue('Wipers');
  await next(resumed).click();

  // Dropdown drawing on the list.
  await expect(resumed.getByText('Question 5 of 7')).toBeVisible();
  const store = resumed.getByRole('combobox', { name: /Which store did you visit\?/ });
  await expect(store).toHaveValue('');
  // A searchable dropdown: typing filters, a click chooses.
  await store.fill('sou');
  await expect(resumed.getByRole('option')).toHaveText(['South']);
  await expectNoA11yViolations(resumed);
  await resumed.getByRole('option', { name: 'South' }).click();
  await expect(store).toHaveValue('South');
  await expectNoA11yViolations(resumed);
  await next(resumed).click();

  // Short text.
  await expect(resumed.getByText('Question 6 of 7')).toBeVisible();
  await resumed.getByRole('textbox', { name: /Who served you\?/ }).fill('Grace');
  await next(resumed).click();

  // Long text, optional, with its counter; the last question completes the survey.
  await expect(resumed.getByText('Question 7 of 7')).toBeVisible();
  await resumed.getByRole('textbox', { name: 'Anything else?' }).fill('Quick and friendly.');
  await expect(resumed.getByText('19 / 500')).toBeVisible();
  await expectNoA11yViolations(resumed);
  if (isMobile) await expectNoHorizontalScroll(resumed);
  await resumed.getByRole('button', { name: 'Complete Survey' }).click();

  // Complete.
  await expect(resumed.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await expect(resumed.getByText('Thank you, Ada. See you soon!')).toBeVisible();
  await expectLogo(resumed);
  const review = resumed.getByRole('link', { name: /Leave a Review/ });
  await expect(review).toHaveAttribute('href', 'https://reviews.example.com/tyre-town');
  await expect(review).toHaveAttribute('target', '_blank');
  await expect(review).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoA11yViolations(resumed);
  if (isMobile) await expectNoHorizontalScroll(resumed);

  // Reopening the link later shows the thank-you page again, never the questions.
  await resumed.reload();
  await expect(resumed.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await context.close();
}

test('a respondent answers a survey from the e-mail link, leaves, resumes and completes it', async ({
  page,
  browser,
}) => {
  const link = await sendSurveyByEmail(page);
  await respondToSurvey(browser, link, false);
});

test('the same on a 360 px wide phone', async ({ page, browser }) => {
  const link = await sendSurveyByEmail(page);
  await respondToSurvey(browser, link, true);
});

test('an unknown survey link shows Survey Not Found without any staff code', async ({ page }) => {
  const scripts: string[] = [];
  const encodings: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.url());
    encodings.push(response.headers()['content-encoding'] ?? 'none');
  });
  await page.setViewportSize(mobile);
  await page.goto(`/survey/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Survey Not Found' })).toBeVisible();
  await expect(page.getByText("The survey you're looking for doesn't exist or has expired.")).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(scripts.some((url) => /\/assets\/survey-/.test(url))).toBe(true);
  expect(scripts.filter((url) => /\/assets\/(main|vendor)-/.test(url))).toEqual([]);
  // The larger scripts come pre-compressed (brotli for Chromium).
  expect(encodings.filter((encoding) => encoding === 'br').length).toBeGreaterThanOrEqual(2);
});
