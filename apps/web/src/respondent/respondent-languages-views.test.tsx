import { type SurveyQuestion, surveyQuestionSchema } from '@graphium/shared';
import type { Translations } from '@graphium/shared/translations';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { LinkEntry } from './link-entry';
import { RespondentApp } from './respondent-app';
import { fakeApi, respondentSurvey, surveyId } from './testing/fake-api';
import { expectFocus, load, savingServer } from './testing/respondent-page';

// Decision 025 for the views merged after it: the e-mail answer's confirm view (026), the public
// link's page (024) and the added question types (027), in Spanish; answers stay language-independent.
configure({ asyncUtilTimeout: 5000 });

const save = `PATCH /surveys/${surveyId}`;
const startCall = 'POST /s/summer-offer/surveys';

const ids = {
  rank: '00000000-0000-4000-8000-0000000000a1',
  matrix: '00000000-0000-4000-8000-0000000000a2',
  csat: '00000000-0000-4000-8000-0000000000a3',
  date: '00000000-0000-4000-8000-0000000000a4',
};

function question(input: Record<string, unknown>): SurveyQuestion {
  return surveyQuestionSchema.parse({ label: 'Q', ...input });
}

const ranking = question({
  id: ids.rank,
  type: 'Ranking',
  question: 'Rank these',
  answerOptions: ['Price', 'Speed', 'Comfort'],
});
const matrix = question({
  id: ids.matrix,
  type: 'Matrix',
  question: 'Rate us',
  rows: [
    { id: 'staff', text: 'Staff were friendly' },
    { id: 'wait', text: 'The wait was short' },
  ],
  columns: ['Disagree', 'Neutral', 'Agree'],
});
const csat = question({ id: ids.csat, type: 'CustomerSatisfactionScore', question: 'Satisfied?' });
const date = question({
  id: ids.date,
  type: 'DateEntry',
  question: 'When?',
  minDate: '2026-01-01',
  maxDate: '2026-12-31',
});

const spanish: Translations = {
  es: {
    questions: {
      [ids.rank]: {
        question: 'Ordénelas',
        options: { Price: 'Precio', Speed: 'Rapidez', Comfort: 'Comodidad' },
      },
      [ids.matrix]: {
        question: 'Valórenos',
        options: {
          'Staff were friendly': 'El personal fue amable',
          'The wait was short': 'La espera fue corta',
          Disagree: 'En desacuerdo',
          Agree: 'De acuerdo',
        },
      },
    },
  },
};

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the added question types in Spanish', () => {
  it('shows translated ranking options and matrix statements and columns, saving default-language options, row ids and positions', async () => {
    const calls = fakeApi({
      [load]: () => ({
        body: respondentSurvey({ questions: [ranking, matrix, csat, date], translations: spanish }),
      }),
      [save]: savingServer()(false),
    });
    const user = setupUser();
    render(<RespondentApp surveyId={surveyId} requestedLanguage="es" />);
    await user.click(await screen.findByRole('button', { name: 'Comenzar la encuesta' }));

    expect(
      await screen.findByText(
        'Ordene las opciones, la más importante primero: arrástrelas o use Subir y Bajar.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Ordénelas')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Precio↑Subir↓Bajar',
      '2.Rapidez↑Subir↓Bajar',
      '3.Comodidad↑Subir↓Bajar',
    ]);
    await user.click(screen.getByRole('button', { name: 'Bajar Precio' }));
    expect(screen.getByText('Precio se movió a la posición 2 de 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mantener este orden' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Pregunta 2 de 4');
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      surveyResponses: { [ids.rank]: ['Speed', 'Price', 'Comfort'] },
      language: 'es',
    });

    expect(screen.getByRole('group', { name: 'Valórenos' })).toBeVisible();
    const staff = screen.getByRole('group', { name: 'El personal fue amable' });
    // "Neutral" has no Spanish label: the default language's shows.
    expect(
      within(staff)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['En desacuerdo', 'Neutral', 'De acuerdo']);
    await user.click(within(staff).getByRole('radio', { name: 'De acuerdo' }));
    const wait = screen.getByRole('group', { name: 'La espera fue corta' });
    await user.click(within(wait).getByRole('radio', { name: 'En desacuerdo' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Pregunta 3 de 4');
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toMatchObject({
      surveyResponses: { [ids.matrix]: { staff: 3, wait: 1 } },
    });

    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Muy insatisfecho',
      'Insatisfecho',
      'Neutral',
      'Satisfecho',
      'Muy satisfecho',
    ]);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Pregunta 4 de 4');
    expect(screen.getByLabelText('When?')).toHaveAccessibleDescription(
      'Elija una fecha entre el 1 de enero de 2026 y el 31 de diciembre de 2026.',
    );
  });
});

describe('the e-mail answer confirm view in Spanish', () => {
  it('asks to confirm in the link language', async () => {
    fakeApi({ [load]: () => ({ body: respondentSurvey({ translations: { es: { questions: {} } } }) }) });
    render(
      <RespondentApp
        surveyId={surveyId}
        requestedLanguage="es"
        emailAnswer={{ questionId: 'q-nps', value: 8 }}
      />,
    );
    await expectFocus(screen.findByRole('heading', { level: 1, name: 'Confirme su respuesta' }));
    expect(
      screen.getByText(
        'Eligió esta respuesta en nuestro correo electrónico. Cámbiela abajo si lo desea y confírmela para guardarla.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Su respuesta:').parentElement).toHaveTextContent('Su respuesta: 8');
    expect(screen.getByRole('button', { name: 'Confirmar la respuesta' })).toBeEnabled();
  });
});

describe("a public link's page in Spanish", () => {
  it('speaks the link language while starting and when the server cannot be reached', async () => {
    let attempts = 0;
    fakeApi({
      [startCall]: () => {
        attempts += 1;
        return 'network-error';
      },
    });
    const user = setupUser();
    render(<LinkEntry slug="summer-offer" search="?lang=es" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando la encuesta...');
    expect(await screen.findByRole('heading', { name: 'Encuesta no disponible' })).toBeVisible();
    expect(
      screen.getByText('No pudimos conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.'),
    ).toBeVisible();
    expect(document.documentElement.lang).toBe('es');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(attempts).toBe(2);
  });

  it("follows the browser's language without ?lang=, and says Survey Not Found in it", async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-MX', 'en'] });
    fakeApi({ [startCall]: () => ({ status: 404, body: { message: 'Survey Not Found' } }) });
    render(<LinkEntry slug="summer-offer" search="" />);
    expect(await screen.findByRole('heading', { name: 'Encuesta no encontrada' })).toBeVisible();
  });
});
