import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  choiceId,
  choiceQuestion,
  lastPatch,
  mockTemplateServer,
  npsQuestion,
  versionId,
} from './template-fixtures';

const url = `/survey-templates/${versionId}`;
const definition = {
  openingText: 'Welcome',
  questions: [npsQuestion, choiceQuestion],
  translations: {
    es: { openingText: 'Bienvenido', questions: { [choiceId]: { options: { Tyres: 'Neumáticos' } } } },
  },
};

describe('Translations tab', () => {
  it('shows each text beside its translation, marks the missing ones and saves the typed ones', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition }));
    renderApp(`${url}/translations`);
    const user = setupUser();
    expect(await screen.findByRole('heading', { name: 'Translations' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Translate into' })).toHaveDisplayValue(
      'Spanish (6 missing)',
    );
    const table = screen.getByRole('table', { name: 'Spanish translations' });
    expect(within(table).getByRole('textbox', { name: 'Spanish: Opening text' })).toHaveValue('Bienvenido');
    expect(within(table).getByRole('textbox', { name: 'Spanish: Q2 · Option “Tyres”' })).toHaveValue(
      'Neumáticos',
    );
    expect(within(table).getAllByText('Missing')).toHaveLength(6);

    await user.type(
      within(table).getByRole('textbox', { name: 'Spanish: Q1 · Question' }),
      '¿Nos recomendaría?',
    );
    await user.click(screen.getByRole('button', { name: 'Save Translations' }));
    expect(await screen.findByText('Translations saved')).toBeInTheDocument();
    const saved = lastPatch(server).surveyTemplateDefinition?.translations.es;
    expect(saved?.questions[npsQuestion.id]).toEqual({ question: '¿Nos recomendaría?' });
    expect(saved?.questions[choiceId]).toEqual({ options: { Tyres: 'Neumáticos' } });
    expect(saved?.openingText).toBe('Bienvenido');
  });

  it('adds a language and tells the Questions tab what is missing', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition }));
    renderApp(`${url}/translations`);
    const user = setupUser();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Add a language' }), 'fr');
    await user.click(screen.getByRole('button', { name: 'Add Language' }));
    expect(await screen.findByText('French added')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.translations.fr).toEqual({ questions: {} });
    await user.click(screen.getByRole('link', { name: 'Questions' }));
    expect(await screen.findByText('Translations incomplete.')).toBeInTheDocument();
    expect(screen.getByText('Translations incomplete.').parentElement).toHaveTextContent(
      'Spanish: 6 texts missing; French: 8 texts missing. Untranslated texts show in English.',
    );
  });

  it('lists every problem of a refused CSV import', async () => {
    mockTemplateServer(buildVersion({ definition }), {
      post: {
        [`/survey-templates/${versionId}/translations/import`]: () => {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'Row 2: "x" is not a text of this template. (2 problems; nothing was imported)',
            details: {
              'row 2': 'Row 2: "x" is not a text of this template.',
              'row 3': 'Row 3: "y" is not a text of this template.',
            },
          });
        },
      },
    });
    renderApp(`${url}/translations`);
    const user = setupUser();
    await screen.findByRole('heading', { name: 'Translations' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['key,en,es\nx,a,b\ny,c,d\n'], 'es.csv', { type: 'text/csv' }));
    const problems = (await screen.findByText('The translations were not imported')).closest(
      '[role="alert"]',
    );
    if (!(problems instanceof HTMLElement)) throw new Error('No alert');
    expect(within(problems).getByText('Row 3: "y" is not a text of this template.')).toBeInTheDocument();
  });

  it('lets a viewer read the translations but not change them', async () => {
    const { calls } = mockTemplateServer(buildVersion({ definition }), {
      get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }) },
    });
    renderApp(`${url}/translations`);
    const table = await screen.findByRole('table', { name: 'Spanish translations' });
    expect(within(table).getByRole('textbox', { name: 'Spanish: Opening text' })).toHaveAttribute('readonly');
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Save Translations' }),
      /Viewers can't translate templates/,
    );
    expectBlockedWithReason(
      screen.getByRole('button', { name: /Import CSV/ }),
      /Viewers can't translate templates/,
    );
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      `/api/survey-templates/${versionId}/translations.csv`,
    );
    expect(calls.filter((call) => call.method !== 'get')).toEqual([]);
  });

  it('offers the texts of the added question types, named by their place, and no settings', async () => {
    const matrixId = 'd1b2c3d4-0000-4000-8000-0000000000f1';
    const consentId = 'd1b2c3d4-0000-4000-8000-0000000000f2';
    const dateId = 'd1b2c3d4-0000-4000-8000-0000000000f3';
    const withNewTypes = {
      questions: [
        {
          id: matrixId,
          type: 'Matrix' as const,
          question: 'Rate us',
          label: 'Matrix',
          rows: [{ id: 'staff', text: 'Staff were friendly' }],
          columns: ['Disagree', 'Agree'],
        },
        {
          id: consentId,
          type: 'Consent' as const,
          question: 'Consent',
          label: 'Consent',
          consentText: 'I agree.',
          linkUrl: 'https://example.com/privacy',
          linkLabel: 'Privacy policy',
        },
        { id: dateId, type: 'DateEntry' as const, question: 'When?', label: 'Date', minDate: '2026-01-01' },
      ],
      translations: {
        es: { questions: { [matrixId]: { options: { 'Staff were friendly': 'El personal fue amable' } } } },
      },
    };
    mockTemplateServer(buildVersion({ definition: withNewTypes }));
    renderApp(`${url}/translations`);
    const table = await screen.findByRole('table', { name: 'Spanish translations' });
    expect(
      within(table).getByRole('textbox', { name: 'Spanish: Q1 · Statement “Staff were friendly”' }),
    ).toHaveValue('El personal fue amable');
    expect(within(table).getByRole('textbox', { name: 'Spanish: Q1 · Column “Agree”' })).toHaveValue('');
    expect(within(table).getByRole('textbox', { name: 'Spanish: Q2 · Consent text' })).toBeInTheDocument();
    expect(within(table).getByRole('textbox', { name: 'Spanish: Q2 · Link label' })).toBeInTheDocument();
    expect(within(table).getByRole('textbox', { name: 'Spanish: Q3 · Question' })).toBeInTheDocument();
    expect(within(table).queryByText('https://example.com/privacy')).not.toBeInTheDocument();
    expect(within(table).queryByText('2026-01-01')).not.toBeInTheDocument();
  });
});
