import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  providerAccount,
  test,
  waitForToastsToClose,
} from '../support/fixtures.js';
import { newPerson, signIn, signUp } from '../support/flows.js';

const versionUrl = /\/survey-templates\/[0-9a-f-]{36}(\/properties)?$/;

/**
 * axe on the page once the toasts are gone: a toast fading in or out has too little contrast for
 * a moment, which is not what a user reads.
 */
async function checkA11y(page: Page) {
  await waitForToastsToClose(page);
  await expectNoSeriousA11yViolations(page);
}

/** A tab of the template detail (the main navigation has Settings and Alerts links too). */
function tab(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Template sections' }).getByRole('link', { name });
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A lookup list through the API, as the Lists screen would create it. */
async function createList(page: Page, listName: string): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await page.request.post('/api/lists/', {
    data: { listName, listDescription: 'Our shops' },
    headers: { 'X-XSRF-TOKEN': token ?? '' },
  });
  expect(response.status()).toBe(201);
}

async function addProperty(page: Page, label: string, type: string, listName?: string) {
  await page.getByRole('button', { name: 'Add Property' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });
  await dialog.getByLabel('Property Label').fill(label);
  await choose(page, dialog.getByRole('combobox', { name: /^Type/ }), type);
  if (listName) await choose(page, dialog.getByRole('combobox', { name: /^List/ }), listName);
  await dialog.getByRole('button', { name: 'Add Property' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`^${label}`) })).toContainText(type);
}

type QuestionInput = {
  type: string;
  question: string;
  label: string;
  fill?: (dialog: Locator) => Promise<void>;
};

async function addQuestion(
  page: Page,
  { type, question, label, fill }: QuestionInput,
  withA11yCheck = false,
) {
  await page.getByRole('button', { name: 'Add Question' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await choose(page, dialog.getByRole('combobox', { name: /Question Type/ }), type);
  await dialog.getByLabel('Question Text').fill(question);
  await dialog.getByLabel('Label', { exact: true }).fill(label);
  await fill?.(dialog);
  if (withA11yCheck) await checkA11y(page);
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: question, level: 3 })).toBeVisible();
}

test('author a survey template from scratch, publish it and edit a new draft', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, newPerson('Ada', 'Author'), 'Author Tyres');
  await createList(page, 'Stores');

  await page.goto('/survey-templates');
  await expect(page.getByText('No survey templates yet')).toBeVisible();
  await checkA11y(page);

  // Create Template: the choice, the name rule, then from scratch.
  await page.getByRole('button', { name: 'Create Your First Template' }).click();
  const create = page.getByRole('dialog', { name: 'Create Template' });
  await checkA11y(page);
  await create.getByRole('button', { name: /Create from scratch/ }).click();
  await create.getByLabel('Template Name').fill('ab');
  await create.getByRole('button', { name: 'Create Template' }).click();
  await expect(create.getByText('Template name must be at least 3 characters')).toBeVisible();
  await create.getByLabel('Template Name').fill('Visit survey');
  await create.getByLabel('Description (optional)').fill('After each visit');
  await create.getByRole('button', { name: 'Create Template' }).click();
  await expect(page).toHaveURL(versionUrl);
  await expect(page.getByRole('heading', { name: 'Visit survey', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByText('Last updated today')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Survey' })).toBeDisabled();
  await checkA11y(page);

  // One property of each type.
  await addProperty(page, 'First name', 'Text');
  await addProperty(page, 'Visits', 'Number');
  await addProperty(page, 'Visit day', 'Date');
  await addProperty(page, 'Visit time', 'Date & Time');
  await addProperty(page, 'Member', 'Boolean');
  await page.getByRole('button', { name: 'Add Property' }).first().click();
  await checkA11y(page);
  await page.getByRole('dialog', { name: 'Add Property' }).getByRole('button', { name: 'Cancel' }).click();
  await addProperty(page, 'Store', 'List Item', 'Stores');
  await page.getByPlaceholder('Search properties...').fill('list');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByPlaceholder('Search properties...').fill('');
  await expect(page.getByRole('row')).toHaveCount(7);
  await checkA11y(page);

  // One question of each type.
  await tab(page, 'Questions').click();
  await expect(page.getByText('No Questions Yet')).toBeVisible();
  await addQuestion(
    page,
    {
      type: 'Net Promoter Score (NPS)',
      question: 'How likely are you to recommend us?',
      label: 'NPS',
      fill: async (dialog) => {
        await dialog.getByLabel('Start Label').fill('Not likely');
        await dialog.getByLabel('End Label').fill('Very likely');
        await dialog.getByLabel('Include in the composite score').check();
        await dialog.getByLabel('Score Weight (%)').fill('60');
      },
    },
    true,
  );
  await addQuestion(page, {
    type: 'Numeric Scale',
    question: 'How easy was the visit?',
    label: 'Ease',
    fill: async (dialog) => {
      await dialog.getByLabel('End Number').fill('7');
      await dialog.getByLabel('Start Label').fill('Hard');
      await dialog.getByLabel('End Label').fill('Easy');
    },
  });
  await addQuestion(page, { type: 'Star Rating', question: 'Rate the staff', label: 'Staff' });
  await addQuestion(page, {
    type: 'Multiple Choice',
    question: 'What did you buy?',
    label: 'Bought',
    fill: async (dialog) => {
      await dialog.getByLabel('Allow multiple selections').check();
      await dialog.getByLabel("Include 'Other (please specify)'").check();
      await dialog.getByLabel('Options (comma-separated)').fill('Tyres, Oil, , Brakes');
    },
  });
  await addQuestion(page, {
    type: 'Dropdown List',
    question: 'Which store did you visit?',
    label: 'Store visited',
    fill: async (dialog) => {
      await dialog.getByRole('radio', { name: 'Use a list' }).check();
      await choose(page, dialog.getByRole('combobox', { name: /^List/ }), 'Stores');
    },
  });
  await addQuestion(page, { type: 'Short Text', question: 'Your car model?', label: 'Car' });
  await addQuestion(page, { type: 'Long Text', question: 'Anything else?', label: 'Comments' });
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(7);
  await expect(cards.nth(0)).toContainText('Q1');
  await expect(cards.nth(0)).toContainText('0 = Not likely, 10 = Very likely • Score: 60%');
  await expect(cards.nth(1)).toContainText('1 = Hard, 7 = Easy');
  await expect(cards.nth(3)).toContainText('3 options');
  await expect(cards.nth(3)).toContainText('Other (please specify)');
  await expect(cards.nth(4)).toContainText('Options from the list Stores');
  await checkA11y(page);

  // Opening text with a [Property] token picked from the suggestions.
  await tab(page, 'Settings').click();
  const opening = page.getByLabel('Opening Text');
  await opening.fill('');
  await opening.pressSequentially('Hello [');
  await expect(page.getByRole('listbox', { name: 'Property suggestions' })).toBeVisible();
  await checkA11y(page);
  await opening.press('Enter');
  await opening.pressSequentially(', welcome!');
  await expect(opening).toHaveValue('Hello [First name], welcome!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  // A reminder.
  await tab(page, 'Reminders').click();
  await page.getByRole('button', { name: 'Add Reminder' }).first().click();
  const reminder = page.getByRole('dialog', { name: 'Add Reminder' });
  await reminder.getByLabel('Duration').fill('3');
  await checkA11y(page);
  await reminder.getByRole('button', { name: 'Add Reminder' }).click();
  await expect(reminder).toBeHidden();
  await expect(page.getByText('Send reminder after 3 days')).toBeVisible();
  await expect(page.getByRole('main').getByText('After initial send')).toBeVisible();

  // An alert.
  await tab(page, 'Alerts').click();
  await page.getByRole('button', { name: 'Add Alert' }).first().click();
  const alert = page.getByRole('dialog', { name: 'Create Alert' });
  await alert.getByLabel('Alert Name').fill('Detractor');
  const condition = alert.getByRole('group', { name: 'Condition 1' });
  await choose(page, condition.getByRole('combobox', { name: /Question/ }), 'Q1: NPS');
  await choose(page, condition.getByRole('combobox', { name: /Operator/ }), 'Less than');
  await condition.getByLabel('Value').fill('7');
  await alert.getByLabel('Recipients').fill('manager@example.com');
  await checkA11y(page);
  await alert.getByRole('button', { name: 'Create Alert' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByText('NPS is less than 7')).toBeVisible();
  await expect(page.getByText('manager@example.com')).toBeVisible();
  await checkA11y(page);

  await tab(page, 'Responses').click();
  await expect(page.getByText('No responses yet')).toBeVisible();
  await checkA11y(page);

  // Publish, then Edit makes a new draft with the same questions.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  const publishedId = /survey-templates\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/properties$/);
  expect(page.url()).not.toContain(publishedId);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Version history: viewing version 2/ }).click();
  await expect(page.getByRole('menuitem', { name: /Version 1 · Published/ })).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await tab(page, 'Questions').click();
  await expect(page.getByRole('article')).toHaveCount(7);

  // The published version stays read-only; the list opens the newest version.
  await page.goto(`/survey-templates/${publishedId}/questions`);
  await expect(page.getByText('This version is read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Question' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Templates' }).click();
  const row = page.getByRole('row', { name: /Visit survey/ });
  await expect(row).toContainText('Draft');
  await checkA11y(page);
});

test('a base template published by the provider becomes a predefined template for customers', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const baseName = `Retail NPS ${Date.now().toString(36)}`;
  const provider = providerAccount();
  await signIn(page, provider.emailAddress, provider.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Base Surveys' }).click();
  await expect(page.getByRole('heading', { name: 'Base Survey Templates' })).toBeVisible();
  await checkA11y(page);

  await page
    .getByRole('button', { name: /Create (New )?Base Template/ })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: 'Create New Base Template' });
  await create.getByLabel('Template Name').fill(baseName);
  await create.getByLabel('Description (optional)').fill('The standard retail survey');
  await create.getByRole('button', { name: 'Create Base Template' }).click();
  await expect(page).toHaveURL(/\/base-survey-templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Back to Base Templates' })).toBeVisible();
  await tab(page, 'Questions').click();
  await addQuestion(page, {
    type: 'Net Promoter Score (NPS)',
    question: 'Would you recommend our store?',
    label: 'NPS',
  });
  await addQuestion(page, { type: 'Long Text', question: 'What could we do better?', label: 'Better' });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await checkA11y(page);

  // A customer workspace starts a template from it and gets the same questions.
  const context = await browser.newContext({ baseURL });
  const customer = await context.newPage();
  try {
    await signUp(customer, newPerson('Carl', 'Customer'), 'Customer Tyres');
    await expect(customer.getByRole('link', { name: 'Base Surveys' })).toHaveCount(0);
    await customer.goto('/survey-templates');
    await customer.getByRole('button', { name: 'Create Your First Template' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByRole('button', { name: /Use a predefined template/ }).click();
    const card = dialog.getByRole('radio', { name: new RegExp(baseName) });
    await expect(dialog.locator('label').filter({ hasText: baseName })).toContainText('2 questions');
    await dialog.getByLabel('New Template Name').fill('Our retail NPS');
    await card.check();
    await checkA11y(customer);
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(customer).toHaveURL(versionUrl);
    await tab(customer, 'Questions').click();
    await expect(customer.getByRole('article')).toHaveCount(2);
    await expect(customer.getByRole('heading', { name: 'Would you recommend our store?' })).toBeVisible();
    await expect(customer.getByRole('heading', { name: 'What could we do better?' })).toBeVisible();

    await customer.goto('/base-survey-templates');
    await expect(
      customer.getByText('Base survey templates are managed by the provider workspace'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
