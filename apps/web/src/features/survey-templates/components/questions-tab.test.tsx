import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  choiceQuestion,
  lastPatch,
  listId,
  mockTemplateServer,
  npsId,
  npsQuestion,
  textQuestion,
  versionId,
} from './template-fixtures';

const url = `/survey-templates/${versionId}/questions`;
type User = ReturnType<typeof userEvent.setup>;

async function openAddQuestion(user: User) {
  await user.click((await screen.findAllByRole('button', { name: 'Add Question' }))[0]!);
  return screen.findByRole('dialog', { name: 'Add Question' });
}

async function chooseOption(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

async function fillCommon(user: User, dialog: HTMLElement, type: string) {
  const scope = within(dialog);
  await chooseOption(user, scope.getByRole('combobox', { name: /Question Type/ }), type);
  await user.type(scope.getByLabelText('Question Text'), `A ${type} question?`);
  await user.type(scope.getByLabelText('Label'), type);
}

async function submitAndReadQuestion(
  user: User,
  dialog: HTMLElement,
  server: { patches: Record<string, unknown>[] },
) {
  await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
  expect(await screen.findByText('Question added successfully!')).toBeInTheDocument();
  return lastPatch(server).surveyTemplateDefinition?.questions.at(-1);
}

describe('Add/Edit Question', () => {
  it('keeps submit disabled and shows the messages until the text and label are given', async () => {
    mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByText('No Questions Yet')).toBeInTheDocument();
    const dialog = await openAddQuestion(user);
    const submit = within(dialog).getByRole('button', { name: 'Add Question' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Question Text'));
    await user.click(within(dialog).getByLabelText('Label'));
    await user.tab();
    expect(await within(dialog).findByText('Question text is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Label is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Question Text'), 'How was it?');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Label'), 'Visit');
    expect(submit).toBeEnabled();
  });

  it('saves an NPS question with labels and its composite score weight', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Net Promoter Score');
    const scope = within(dialog);
    await user.type(scope.getByLabelText('Category (optional)'), 'Loyalty');
    await user.click(scope.getByLabelText('Required'));
    await user.type(scope.getByLabelText('Start Label'), 'Not likely');
    await user.type(scope.getByLabelText('End Label'), 'Very likely');
    await user.click(scope.getByLabelText('Include in the composite score'));
    await user.clear(scope.getByLabelText('Score Weight (%)'));
    await user.type(scope.getByLabelText('Score Weight (%)'), '25');

    expect(await submitAndReadQuestion(user, dialog, server)).toEqual({
      id: expect.any(String),
      type: 'NetPromoterScore',
      question: 'A Net Promoter Score question?',
      label: 'Net Promoter Score',
      category: 'Loyalty',
      validation: { required: true },
      endSurveyValue: '',
      compositeScore: { enabled: true, value: 25 },
      active: true,
      startLabel: 'Not likely',
      endLabel: 'Very likely',
    });
    expect(await screen.findByText('0 = Not likely, 10 = Very likely • Score: 25%')).toBeInTheDocument();
  });

  it('saves a numeric scale with its numbers, and an empty score value counts as 0', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Numeric Scale');
    const scope = within(dialog);
    await user.clear(scope.getByLabelText('Start Number'));
    await user.type(scope.getByLabelText('Start Number'), '0');
    await user.clear(scope.getByLabelText('End Number'));
    await user.type(scope.getByLabelText('End Number'), '7');
    await user.type(scope.getByLabelText('Start Label'), 'Hard');
    await user.type(scope.getByLabelText('End Label'), 'Easy');
    await user.click(scope.getByLabelText('Include in the composite score'));
    await user.clear(scope.getByLabelText('Score Weight (%)'));

    expect(await submitAndReadQuestion(user, dialog, server)).toMatchObject({
      type: 'NumericScale',
      startNumber: 0,
      endNumber: 7,
      startLabel: 'Hard',
      endLabel: 'Easy',
      compositeScore: { enabled: true, value: 0 },
    });
    expect(await screen.findByText('0 = Hard, 7 = Easy • Score: 0%')).toBeInTheDocument();
  });

  it('refuses a numeric scale whose end is not above its start', async () => {
    mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Numeric Scale');
    await user.clear(within(dialog).getByLabelText('End Number'));
    await user.type(within(dialog).getByLabelText('End Number'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(
      await within(dialog).findByText('The end number must be greater than the start number'),
    ).toBeInTheDocument();
  });

  it('saves a star rating with its labels', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Star Rating');
    await user.type(within(dialog).getByLabelText('Start Label'), 'Poor');
    await user.type(within(dialog).getByLabelText('End Label'), 'Great');
    expect(await submitAndReadQuestion(user, dialog, server)).toMatchObject({
      type: 'StarRatingScale',
      startLabel: 'Poor',
      endLabel: 'Great',
      compositeScore: { enabled: false, value: 0 },
    });
    expect(await screen.findByText('Poor to Great')).toBeInTheDocument();
  });

  it('saves a multiple choice with typed options trimmed and empties dropped', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Multiple Choice');
    const scope = within(dialog);
    expect(scope.queryByLabelText('Score Weight (%)')).not.toBeInTheDocument();
    await user.click(scope.getByLabelText('Allow multiple selections'));
    await user.click(scope.getByLabelText("Include 'Other (please specify)'"));
    await user.type(scope.getByLabelText('Options (comma-separated)'), ' Tyres , ,Oil, Brakes ,');
    expect(scope.getByText('3 options: Tyres · Oil · Brakes')).toBeInTheDocument();

    const question = await submitAndReadQuestion(user, dialog, server);
    expect(question).toMatchObject({
      type: 'MultipleChoice',
      multiSelect: true,
      includeOtherOption: true,
      answerOptions: ['Tyres', 'Oil', 'Brakes'],
    });
    expect(question).not.toHaveProperty('listId');
    expect(await screen.findByText('3 options')).toBeInTheDocument();
    const options = screen.getByRole('list', { name: 'Options of Q1' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tyres', 'Oil', 'Brakes', 'Other (please specify)']);
  });

  it('saves a dropdown from a list; switching the source clears the typed options', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, 'Dropdown List');
    const scope = within(dialog);
    await user.type(scope.getByLabelText('Placeholder Text'), 'Pick a store');
    await user.type(scope.getByLabelText('Options (comma-separated)'), 'North, South');
    await user.click(scope.getByRole('radio', { name: 'Use a list' }));
    await chooseOption(user, scope.getByRole('combobox', { name: /^List/ }), 'Stores');
    await user.click(scope.getByRole('radio', { name: 'Type the options' }));
    expect(scope.getByLabelText('Options (comma-separated)')).toHaveValue('');
    await user.click(scope.getByRole('radio', { name: 'Use a list' }));
    await user.click(scope.getByRole('button', { name: 'Add Question' }));
    expect(await scope.findByText('Add at least one option or choose a list')).toBeInTheDocument();
    await chooseOption(user, scope.getByRole('combobox', { name: /^List/ }), 'Stores');

    const question = await submitAndReadQuestion(user, dialog, server);
    expect(question).toMatchObject({ type: 'DropdownList', placeholderText: 'Pick a store', listId });
    expect(question).not.toHaveProperty('answerOptions');
    expect(await screen.findByText('Options from the list Stores')).toBeInTheDocument();
  });

  it.each([
    ['Short Text', 'ShortTextEntry', 'Text'],
    ['Long Text', 'LongTextEntry', 'Textarea'],
  ])('saves a %s question with its placeholder', async (name, type, badge) => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const dialog = await openAddQuestion(user);
    await fillCommon(user, dialog, name);
    await user.type(within(dialog).getByLabelText('Placeholder Text'), 'Type here');
    expect(await submitAndReadQuestion(user, dialog, server)).toMatchObject({
      type,
      placeholderText: 'Type here',
    });
    expect(await screen.findByText(badge, { selector: 'span' })).toBeInTheDocument();
  });
});

describe('Question cards', () => {
  it('numbers the cards and shows required marks, badges, summaries, options and categories', async () => {
    mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, choiceQuestion, textQuestion] } }),
    );
    renderApp(url);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('span')?.textContent)).toEqual(['Q1', 'Q2', 'Q3']);
    const [nps, choice, text] = cards.map((card) => within(card));
    expect(nps!.getByText('*Required')).toBeInTheDocument();
    expect(nps!.getByText('NPS')).toBeInTheDocument();
    expect(nps!.getByText('0 = Not likely, 10 = Very likely • Score: 50%')).toBeInTheDocument();
    expect(choice!.queryByText('*Required')).not.toBeInTheDocument();
    expect(choice!.getByText('Radio')).toBeInTheDocument();
    expect(choice!.queryByText('multiple answers')).not.toBeInTheDocument();
    expect(choice!.getByText('2 options')).toBeInTheDocument();
    expect(choice!.getByText('Other (please specify)')).toBeInTheDocument();
    expect(choice!.getByText(/Category: Shopping/)).toBeInTheDocument();
    expect(text!.getByText('Text')).toBeInTheDocument();
  });

  it('marks a multi-select choice question "multiple answers" beside its Radio badge', async () => {
    mockTemplateServer(
      buildVersion({ definition: { questions: [{ ...choiceQuestion, multiSelect: true }] } }),
    );
    renderApp(url);
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByText('Radio')).toBeInTheDocument();
    expect(within(card!).getByText('multiple answers')).toBeInTheDocument();
  });

  it('edits, moves, duplicates and deletes a question, dropping the alert conditions on it', async () => {
    const alert = {
      id: 'alert-1',
      name: 'Detractor',
      conditions: [{ surveyQuestionId: npsId, operator: 'LESS_THAN' as const, value: 7 }],
      recipients: ['boss@example.com'],
    };
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, textQuestion] }, settings: { alerts: [alert] } }),
    );
    renderApp(url);
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Edit Q2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
    expect(within(dialog).getByLabelText('Question Text')).toHaveValue('Your name?');
    await user.clear(within(dialog).getByLabelText('Question Text'));
    await user.type(within(dialog).getByLabelText('Question Text'), 'Your full name?');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Question updated successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions[1]).toMatchObject({
      id: textQuestion.id,
      question: 'Your full name?',
    });

    await user.click(screen.getByRole('button', { name: 'More actions for Q1' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    expect(await screen.findByText('Question moved successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions.map((question) => question.id)).toEqual([
      textQuestion.id,
      npsId,
    ]);

    await user.click(screen.getByRole('button', { name: 'More actions for Q1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Question duplicated successfully!')).toBeInTheDocument();
    const afterDuplicate = lastPatch(server).surveyTemplateDefinition?.questions ?? [];
    expect(afterDuplicate.map((question) => question.label)).toEqual(['Name', 'Name (copy)', 'NPS']);
    expect(new Set(afterDuplicate.map((question) => question.id)).size).toBe(3);

    await user.click(screen.getByRole('button', { name: 'More actions for Q3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Question' });
    expect(confirm).toHaveTextContent('The alert “Detractor” uses this question');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Question deleted successfully!')).toBeInTheDocument();
    const deleted = lastPatch(server);
    expect(deleted.surveyTemplateDefinition?.questions.map((question) => question.id)).not.toContain(npsId);
    expect(deleted.surveyTemplateSettings?.alerts).toEqual([]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('refuses a type change that an alert no longer fits', async () => {
    const alert = {
      id: 'alert-1',
      name: 'Detractor',
      conditions: [{ surveyQuestionId: npsId, operator: 'LESS_THAN' as const, value: 7 }],
      recipients: ['boss@example.com'],
    };
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion] }, settings: { alerts: [alert] } }),
    );
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Q1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Question Type/ }), 'Short Text');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(
        'This change does not fit the alert “Detractor”. Change or remove the alert first.',
      ),
    ).toBeInTheDocument();
    expect(server.patches).toHaveLength(0);
  });
});
