import { surveyQuestionSchema } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { newId } from './new-id';
import { formValuesOf, questionFormSchema } from './question-form';
import { matrixRowsOf } from './question-form-extra';
import { buildVersion, lastPatch, mockTemplateServer, versionId } from './template-fixtures';

// Add Question for the added question types (decision 027).

const url = `/survey-templates/${versionId}/questions`;
type User = ReturnType<typeof userEvent.setup>;

async function openWithType(user: User, type: string) {
  await user.click((await screen.findAllByRole('button', { name: 'Add Question' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
  const scope = within(dialog);
  await user.click(scope.getByRole('combobox', { name: /Question Type/ }));
  await user.click(
    await screen.findByRole('option', { name: new RegExp(`^${type.replace(/[()]/g, '\\$&')}`) }),
  );
  await user.type(scope.getByLabelText('Question Text'), `A ${type} question?`);
  await user.type(scope.getByLabelText('Label'), type);
  return { dialog, scope };
}

async function submit(user: User, dialog: HTMLElement, server: { patches: Record<string, unknown>[] }) {
  await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
  expect(await screen.findByText('Question added successfully!')).toBeInTheDocument();
  return lastPatch(server).surveyTemplateDefinition?.questions.at(-1);
}

describe('Add Question for the new types', () => {
  it('saves a Customer Effort Score with labels in the composite score', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const { dialog, scope } = await openWithType(user, 'Customer Effort Score (CES)');
    await user.type(scope.getByLabelText('Start Label'), 'Very difficult');
    await user.type(scope.getByLabelText('End Label'), 'Very easy');
    await user.click(scope.getByLabelText('Include in the composite score'));
    expect(await submit(user, dialog, server)).toMatchObject({
      type: 'CustomerEffortScore',
      startLabel: 'Very difficult',
      endLabel: 'Very easy',
      compositeScore: { enabled: true, value: 0 },
    });
    expect(await screen.findByText('1 = Very difficult, 7 = Very easy • Score: 0%')).toBeInTheDocument();
    expect(screen.getByText('CES')).toBeInTheDocument();
  });

  it('saves CSAT drawn as stars', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const { dialog, scope } = await openWithType(user, 'Customer Satisfaction (CSAT)');
    expect(scope.getByRole('radio', { name: 'Faces' })).toBeChecked();
    await user.click(scope.getByRole('radio', { name: 'Stars' }));
    expect(await submit(user, dialog, server)).toMatchObject({
      type: 'CustomerSatisfactionScore',
      display: 'stars',
    });
    expect(await screen.findByText('Stars: 1 to 5')).toBeInTheDocument();
  });

  it('refuses a date range that ends before it starts, then saves it', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const { dialog, scope } = await openWithType(user, 'Date');
    await user.type(scope.getByLabelText('Earliest Date (optional)'), '2026-06-01');
    await user.type(scope.getByLabelText('Latest Date (optional)'), '2026-05-01');
    await user.click(scope.getByRole('button', { name: 'Add Question' }));
    expect(
      await scope.findByText('The latest date must not be before the earliest date'),
    ).toBeInTheDocument();
    await user.clear(scope.getByLabelText('Latest Date (optional)'));
    await user.type(scope.getByLabelText('Latest Date (optional)'), '2026-07-01');
    expect(await submit(user, dialog, server)).toMatchObject({
      type: 'DateEntry',
      minDate: '2026-06-01',
      maxDate: '2026-07-01',
    });
    expect(await screen.findByText('From 2026-06-01 to 2026-07-01')).toBeInTheDocument();
  });

  it('saves a consent with its text and link, refusing a link that is not http(s)', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const { dialog, scope } = await openWithType(user, 'Consent');
    await user.type(scope.getByLabelText('Consent Text'), 'You may contact me.');
    await user.type(scope.getByLabelText('Link URL (optional)'), 'ftp://example.com');
    await user.click(scope.getByRole('button', { name: 'Add Question' }));
    expect(await scope.findByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(scope.getByLabelText('Link URL (optional)'));
    await user.type(scope.getByLabelText('Link URL (optional)'), 'https://example.com/privacy');
    await user.type(scope.getByLabelText('Link Label (optional)'), 'Privacy notice');
    expect(await submit(user, dialog, server)).toMatchObject({
      type: 'Consent',
      consentText: 'You may contact me.',
      linkUrl: 'https://example.com/privacy',
      linkLabel: 'Privacy notice',
    });
  });

  it('saves ranking options and matrix statements one per line', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    let { dialog, scope } = await openWithType(user, 'Ranking');
    await user.type(
      scope.getByLabelText('Options to Rank (one per line)'),
      'Price, then value{Enter}Speed{Enter}{Enter}',
    );
    expect(scope.getByText('2 options')).toBeInTheDocument();
    expect(await submit(user, dialog, server)).toMatchObject({
      type: 'Ranking',
      answerOptions: ['Price, then value', 'Speed'],
    });

    ({ dialog, scope } = await openWithType(user, 'Matrix (Likert)'));
    await user.type(scope.getByLabelText('Statements (one per line)'), 'Friendly staff{Enter}Short wait');
    expect(scope.getByLabelText('Scale Columns (one per line)')).toHaveValue(
      'Strongly disagree\nDisagree\nNeutral\nAgree\nStrongly agree',
    );
    const saved = await submit(user, dialog, server);
    expect(saved).toMatchObject({
      type: 'Matrix',
      rows: [{ text: 'Friendly staff' }, { text: 'Short wait' }],
      columns: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
    });
    expect(await screen.findByText('2 statements × 5 columns')).toBeInTheDocument();
  });
});

describe('matrixRowsOf', () => {
  it('keeps the ids of unchanged and edited statements and gives new ones their own', () => {
    const saved = [
      { id: 'a', text: 'Friendly staff' },
      { id: 'b', text: 'Short wait' },
    ];
    const rows = matrixRowsOf(['Short wait', 'Friendly staff!', 'Clean shop'], saved);
    expect(rows.slice(0, 1)).toEqual([{ id: 'b', text: 'Short wait' }]);
    // "Friendly staff" is gone: its edited line at position 2 does not take row 2's id ("b" is used).
    expect(rows[1]!.id).not.toBe('b');
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
    expect(matrixRowsOf(['Friendly staff', 'Short wait, really'], saved)).toEqual([
      { id: 'a', text: 'Friendly staff' },
      { id: 'b', text: 'Short wait, really' },
    ]);
  });
});

describe('editing a question of a new type', () => {
  it('fills the form from the question and saves it back unchanged', () => {
    const base = { question: 'Q?', label: 'Q', category: '', validation: { required: true } };
    const questions = [
      { ...base, id: newId(), type: 'CustomerEffortScore', startLabel: 'Hard', endLabel: 'Easy' },
      {
        ...base,
        id: newId(),
        type: 'CustomerSatisfactionScore',
        display: 'stars',
        startLabel: '',
        endLabel: 'Happy',
      },
      { ...base, id: newId(), type: 'DateEntry', minDate: '2026-01-01', maxDate: '' },
      {
        ...base,
        id: newId(),
        type: 'Consent',
        consentText: 'Yes, please.',
        linkUrl: 'https://example.com',
        linkLabel: 'Terms',
      },
      { ...base, id: newId(), type: 'Ranking', answerOptions: ['Price, value', 'Speed'] },
      {
        ...base,
        id: newId(),
        type: 'Matrix',
        rows: [
          { id: 'r1', text: 'One, two' },
          { id: 'r2', text: 'Three' },
        ],
        columns: ['No', 'Yes'],
        compositeScore: { enabled: true, value: 10 },
      },
    ].map((item) => surveyQuestionSchema.parse(item));
    for (const question of questions) {
      expect(questionFormSchema.parse(formValuesOf(question))).toEqual(question);
    }
  });
});
