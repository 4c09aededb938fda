import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 025: an author adds a Spanish translation; respondents open the survey with
// ?lang=es and with a Spanish browser on a phone-sized page, answer in Spanish, and the response
// detail and the summaries read the answers as one.

const phone = { width: 360, height: 740 };
const npsId = randomUUID();
const choiceId = randomUUID();

async function createDraft(page: Page): Promise<string> {
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Visit feedback',
    surveyTemplateDescription: 'After each visit',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Welcome to our survey.',
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
        {
          id: choiceId,
          type: 'MultipleChoice',
          question: 'What did you buy?',
          label: 'Bought',
          answerOptions: ['Tyres', 'Oil'],
        },
      ],
    },
  });
  return versionId;
}

async function sendSurvey(page: Page, versionId: string): Promise<string> {
  const sent = await callApi(page.request, 'post', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
  });
  return sent.surveyId as string;
}

/** Answers in Spanish with the keyboard only: the page must not need a pointer. */
async function answerInSpanish(respondent: Page) {
  await expect(respondent.getByText('Bienvenido a nuestra encuesta.')).toBeVisible();
  await expect(respondent.getByText('Esta encuesta le llevará unos 5 minutos.')).toBeVisible();
  await expectNoSeriousA11yViolations(respondent);
  await respondent.getByRole('button', { name: 'Comenzar la encuesta' }).press('Enter');
  await expect(respondent.getByText('Pregunta 1 de 2')).toBeVisible();
  await expect(respondent.getByRole('group', { name: '¿Nos recomendaría?' })).toBeVisible();
  await respondent.keyboard.press('Tab');
  await respondent.keyboard.press('ArrowRight');
  await respondent.keyboard.press('ArrowRight');
  await expect(respondent.getByRole('radio', { name: '2' })).toBeChecked();
  await expectNoSeriousA11yViolations(respondent);
  await respondent.getByRole('button', { name: 'Siguiente' }).press('Enter');
  await expect(respondent.getByText('Pregunta 2 de 2')).toBeVisible();
  const tyres = respondent.getByRole('radio', { name: 'Neumáticos' });
  await tyres.focus();
  await respondent.keyboard.press('Space');
  await expect(tyres).toBeChecked();
  // Nothing overflows the phone's width.
  const width = await respondent.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone.width);
  await respondent.getByRole('button', { name: 'Finalizar la encuesta' }).press('Enter');
  await expect(respondent.getByRole('heading', { name: '¡Gracias por su opinión!' })).toBeVisible();
  await expectNoSeriousA11yViolations(respondent);
}

async function phonePage(browser: Browser, baseURL: string, locale?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone, ...(locale ? { locale } : {}) });
  return context.newPage();
}

test('a template translated into Spanish is answered in Spanish, recorded and merged', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, newPerson('Lena', 'Lingua'), 'Polyglot Tyres');
  const versionId = await createDraft(page);

  // The author adds Spanish and translates the texts on the Translations tab.
  await page.goto(`/survey-templates/${versionId}/questions`);
  await page.getByRole('link', { name: 'Translations' }).click();
  await page.getByRole('combobox', { name: 'Add a language' }).selectOption('es');
  await page.getByRole('button', { name: 'Add Language' }).click();
  await expect(page.getByRole('combobox', { name: 'Translate into' })).toHaveValue('es');
  const grid = page.getByRole('table', { name: 'Spanish translations' });
  await grid.getByRole('textbox', { name: 'Spanish: Opening text' }).fill('Bienvenido a nuestra encuesta.');
  await grid.getByRole('textbox', { name: 'Spanish: Q1 · Question' }).fill('¿Nos recomendaría?');
  await grid.getByRole('textbox', { name: 'Spanish: Q2 · Question' }).fill('¿Qué compró?');
  await grid.getByRole('textbox', { name: 'Spanish: Q2 · Option “Tyres”' }).fill('Neumáticos');
  await page.getByRole('button', { name: 'Save Translations' }).click();
  await expect(page.getByText('Translations saved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Questions' }).click();
  await expect(page.getByText(/Spanish: 2 texts missing/)).toBeVisible();

  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const byLink = await sendSurvey(page, versionId);
  const byBrowser = await sendSurvey(page, versionId);
  const inEnglish = await sendSurvey(page, versionId);

  // The link asks for Spanish.
  const first = await phonePage(browser, baseURL);
  await first.goto(`/survey/${byLink}?lang=es`);
  await answerInSpanish(first);

  // A Spanish browser without ?lang= gets Spanish too, and can switch with the menu.
  const second = await phonePage(browser, baseURL, 'es-ES');
  await second.goto(`/survey/${byBrowser}`);
  await expect(second.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await answerInSpanish(second);

  // An English browser reads English.
  const third = await phonePage(browser, baseURL, 'en-GB');
  await third.goto(`/survey/${inEnglish}`);
  await third.getByRole('button', { name: 'Start Survey' }).click();
  await third.getByText('9', { exact: true }).click();
  await third.getByRole('button', { name: 'Next' }).click();
  await third.getByRole('radio', { name: 'Tyres' }).check();
  await third.getByRole('button', { name: 'Complete Survey' }).click();
  await expect(third.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();

  // The response detail says the language; the choice is stored by option.
  await page.goto(`/survey-templates/${versionId}/responses/${byBrowser}`);
  const respondentSection = page.getByRole('region', { name: 'Respondent' });
  await expect(respondentSection.getByText('Spanish')).toBeVisible();
  await expect(page.getByText('Tyres').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The summary merges the three answers of "Tyres", whatever the language.
  const template = await callApi(page.request, 'get', `/api/survey-templates/${versionId}`);
  const list = await callApi(
    page.request,
    'get',
    `/api/surveys?surveyTemplateId=${template.surveyTemplateId}`,
  );
  const summary = list.summary as { questions: { questionLabel: string; distribution: unknown[] }[] };
  const bought = summary.questions.find((question) => question.questionLabel === 'Bought');
  expect(bought?.distribution).toContainEqual({ value: 'Tyres', label: 'Tyres', count: 3 });
});
