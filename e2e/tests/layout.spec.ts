import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Layouts that hold: with 100-character names and values without a space anywhere a person can
// type one, no screen scrolls sideways on a 360 px phone or a 1280 px desktop (docs/decisions/015).

const long = (prefix: string, length = 100) => `${prefix}${'W'.repeat(length - prefix.length)}`;

/** A template, a list, a sent and a completed survey and an alert, all named as long as allowed. */
async function seedLongNames(page: Page) {
  const list = await callApi(page.request, 'post', '/api/lists/', {
    listName: long('List', 99),
    listDescription: long('ListDescription', 1000),
  });
  const listId = list.listId as string;
  await callApi(page.request, 'post', `/api/lists/${listId}/property`, {
    listProperty: {
      name: long('name'),
      displayName: long('DisplayName'),
      description: long('Description', 500),
      type: 'STRING',
      isDefaultLabel: true,
    },
  });
  const withItem = await callApi(page.request, 'post', `/api/lists/${listId}/item`, {
    listItemProperties: { [long('name')]: long('Item', 200) },
  });
  const itemId = withItem.listItemId as string;

  const ids = { nps: randomUUID(), choice: randomUUID(), text: randomUUID(), dropdown: randomUUID() };
  const nameProperty = { id: randomUUID(), type: 'Text', label: long('Name') };
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: long('Template'),
    surveyTemplateDescription: long('Description', 1000),
  });
  const versionId = template.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: `${long('Opening', 300)} [${nameProperty.label}]`,
      closingText: long('Closing', 300),
      properties: [nameProperty],
      questions: [
        {
          id: ids.nps,
          type: 'NetPromoterScore',
          question: long('Question', 300),
          label: long('Label'),
          category: long('Category'),
          startLabel: long('Start'),
          endLabel: long('End'),
          compositeScore: { enabled: true, value: 1 },
        },
        {
          id: ids.choice,
          type: 'MultipleChoice',
          question: long('Choice', 300),
          label: long('ChoiceLabel'),
          answerOptions: [long('Option', 200), 'Short'],
          includeOtherOption: true,
          multiSelect: true,
        },
        {
          id: ids.dropdown,
          type: 'DropdownList',
          question: long('Dropdown', 300),
          label: long('DropdownLabel'),
          listId,
        },
        { id: ids.text, type: 'LongTextEntry', question: long('Text', 300), label: long('TextLabel') },
      ],
    },
    surveyTemplateSettings: {
      reminders: [
        { id: randomUUID(), duration: 2, period: 'days', event: 'sent', message: long('Reminder', 1000) },
      ],
      alerts: [
        {
          id: randomUUID(),
          name: long('Alert'),
          conditions: [{ surveyQuestionId: ids.nps, operator: 'LESS_THAN', value: 7 }],
          recipients: [`${'a'.repeat(60)}@${'b'.repeat(30)}.example.com`],
          notificationChannels: ['email'],
        },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const emailAddress = uniqueEmail('z'.repeat(50));
  const sent = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress }],
    surveyProperties: { [nameProperty.id]: long('Value') },
  });
  const surveyId = sent.surveyId as string;
  await callApi(page.request, 'patch', `/api/surveys/${surveyId}?markAsComplete=true`, {
    surveyResponses: {
      [ids.nps]: 3,
      [ids.choice]: [long('Option', 200), `Other: ${long('Other', 300)}`],
      [ids.dropdown]: itemId,
      [ids.text]: long('Answer', 2000),
    },
  });
  // A second survey stays open for the respondent page.
  const open = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('open') }],
    surveyProperties: { [nameProperty.id]: long('Value') },
  });
  return { versionId, listId, surveyId, openSurveyId: open.surveyId as string };
}

/** The page's width beyond the viewport, and the elements that stick out, when there are some. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const extra = document.documentElement.scrollWidth - width;
    if (extra <= 0) return undefined;
    // The widest elements that stick out and are not inside a box that scrolls on its own.
    const scrollsOnItsOwn = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const culprits = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !scrollsOnItsOwn(element))
      .filter(
        (element) =>
          !Array.from(element.children).some((child) => child.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 3)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class')).slice(0, 70)}`,
      );
    if (culprits.length === 0) {
      // Something positioned outside a scrolling box: the elements whose right edge makes the width.
      const edge = width + extra;
      const positioned = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((element) => Math.abs(element.getBoundingClientRect().right - edge) < 40)
        .slice(-3)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.getAttribute('class')).slice(0, 50)} in ${element.parentElement?.tagName.toLowerCase()}.${String(element.parentElement?.getAttribute('class')).slice(0, 50)}`,
        );
      culprits.push(...positioned);
    }
    return { extra, culprits };
  });
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('no screen scrolls sideways with 100-character names and values', async ({ page }) => {
      await expectNoSidewaysScroll(page);
    });
  });
}

async function expectNoSidewaysScroll(page: Page) {
  test.setTimeout(180_000);
  await signUp(page, newPerson(long('Ada', 40), long('Lovelace', 40)), long('Business', 100));
  const seeded = await seedLongNames(page);
  const template = `/survey-templates/${seeded.versionId}`;
  const screens: [string, string | RegExp][] = [
    ['/dashboard', /Welcome/],
    ['/alerts', 'Alerts'],
    ['/survey-templates', 'Survey Templates'],
    [`${template}/properties`, 'Properties'],
    [`${template}/questions`, 'Survey Questions'],
    [`${template}/settings`, 'Survey Settings'],
    [`${template}/reminders`, /Reminders/],
    [`${template}/alerts`, 'Survey Alerts'],
    [`${template}/responses`, /Responses|Summary/],
    [`${template}/responses?tab=survey-responses`, /Survey Responses|Responses/],
    [`${template}/responses/${seeded.surveyId}`, 'Respondent'],
    ['/settings/users', /Users/],
    ['/settings/lists', /Lists/],
    [`/settings/lists/${seeded.listId}/items`, /Items|List/],
    [`/settings/lists/${seeded.listId}/properties`, /Properties|List/],
    ['/settings/logo', /Logo/],
    ['/settings/api-keys', /API Keys/],
    ['/settings/notifications', /Notifications/],
  ];
  const offenders: string[] = [];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await overflowOf(page);
    if (overflow) offenders.push(`${path}: ${overflow.extra}px wider (${overflow.culprits.join(', ')})`);
  }

  // The respondent page: welcome, each question, and the thank-you page of the completed survey.
  await page.goto(`/survey/${seeded.openSurveyId}`);
  await expect(page.getByRole('button', { name: 'Start Survey' })).toBeVisible();
  let overflow = await overflowOf(page);
  if (overflow)
    offenders.push(`respondent welcome: ${overflow.extra}px wider (${overflow.culprits.join(', ')})`);
  await page.getByRole('button', { name: 'Start Survey' }).click();
  for (let step = 1; step <= 4; step += 1) {
    await expect(page.getByText(`Question ${step} of 4`)).toBeVisible();
    overflow = await overflowOf(page);
    if (overflow)
      offenders.push(
        `respondent question ${step}: ${overflow.extra}px wider (${overflow.culprits.join(', ')})`,
      );
    if (step < 4) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.goto(`/survey/${seeded.surveyId}`);
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  overflow = await overflowOf(page);
  if (overflow)
    offenders.push(`respondent thank-you: ${overflow.extra}px wider (${overflow.culprits.join(', ')})`);

  expect(offenders).toEqual([]);
}
