import { configure, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { RespondentApp } from './respondent-app';
import { everyQuestion, fakeApi, respondentSurvey, surveyId } from './testing/fake-api';
import { expectFocus, load, save, savingServer } from './testing/respondent-page';

// Languages on the respondent page (decision 025).
configure({ asyncUtilTimeout: 5000 });

const spanish = {
  es: {
    openingText: 'Bienvenida, Ada.',
    questions: {
      'q-nps': { question: '¿Nos recomendaría?' },
      'q-choice': { question: '¿Qué compró?', options: { Tyres: 'Neumáticos' } },
    },
  },
};
const choiceFirst = () => {
  const questions = everyQuestion();
  const choice = questions.find((question) => question.id === 'q-choice')!;
  return [choice, ...questions.filter((question) => question !== choice)];
};

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(requestedLanguage?: string | null) {
  const user = setupUser();
  render(<RespondentApp surveyId={surveyId} requestedLanguage={requestedLanguage} />);
  return user;
}

describe('the respondent page in several languages', () => {
  it('speaks the link language: page texts, plurals, translated texts, and English where a text is not translated', async () => {
    const calls = fakeApi({
      [load]: () => ({
        body: respondentSurvey({ estimatedMinutes: 3, translations: spanish, questions: choiceFirst() }),
      }),
      [save]: savingServer()(false),
    });
    const user = renderPage('es');
    await expectFocus(screen.findByRole('heading', { level: 1, name: 'After your visit' }));
    expect(screen.getByText('Bienvenida, Ada.')).toBeVisible();
    expect(screen.getByText('Esta encuesta le llevará unos 3 minutos.')).toBeVisible();
    expect(document.documentElement.lang).toBe('es');
    await user.click(screen.getByRole('button', { name: 'Comenzar la encuesta' }));
    expect(screen.getByText('Pregunta 1 de 7')).toBeVisible();
    expect(screen.getByRole('group', { name: '¿Qué compró?' })).toBeVisible();
    // "Oil" has no Spanish label: the default language's shows.
    await user.click(screen.getByRole('checkbox', { name: 'Neumáticos' }));
    expect(screen.getByRole('checkbox', { name: 'Oil' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Otro (especifique)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    // Saved by option, whatever the language, with the language recorded.
    await screen.findByText('Pregunta 2 de 7');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      surveyResponses: { 'q-choice': ['Tyres'] },
      language: 'es',
    });
    expect(screen.getByRole('group', { name: '¿Nos recomendaría?' })).toBeVisible();
  });

  it('follows the browser languages when the link names none, within the template languages', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR', 'es-ES', 'en'] });
    fakeApi({ [load]: () => ({ body: respondentSurvey({ translations: spanish }) }) });
    renderPage(null);
    expect(await screen.findByRole('button', { name: 'Comenzar la encuesta' })).toBeVisible();
  });

  it('uses the default language when neither the link nor the browser names an offered one', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE'] });
    fakeApi({ [load]: () => ({ body: respondentSurvey({ translations: spanish }) }) });
    renderPage('pt');
    expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('switches language from the menu', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ translations: spanish }) }) });
    const user = renderPage('es');
    const menu = await screen.findByRole('combobox', { name: 'Idioma' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Español']);
    await user.selectOptions(menu, 'en');
    expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(screen.getByText('Welcome Ada from London!')).toBeVisible();
  });

  it('offers no menu when the survey has one language', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey() }) });
    renderPage('es');
    expect(await screen.findByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});
