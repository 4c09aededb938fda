import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  choiceId,
  choiceQuestion,
  lastPatch,
  mockTemplateServer,
  npsId,
  npsQuestion,
  textId,
  textQuestion,
  versionId,
} from './template-fixtures';

// The Logic editor and the logic on the question cards (decision 023).
const url = `/survey-templates/${versionId}/questions`;
type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const withLogic = {
  questions: [
    {
      ...npsQuestion,
      logic: { jumps: [{ condition: { operator: 'IS_EQUAL' as const, value: 10 }, to: 'end' }] },
    },
    {
      ...choiceQuestion,
      logic: {
        showIf: {
          join: 'or' as const,
          conditions: [
            { questionId: npsId, operator: 'LESS_THAN' as const, value: 7 },
            { questionId: npsId, operator: 'IS_EMPTY' as const },
          ],
        },
      },
    },
    textQuestion,
  ],
};

describe('survey logic on the Questions tab', () => {
  it('reads each question’s logic as sentences on its card', async () => {
    mockTemplateServer(buildVersion({ definition: withLogic }));
    renderApp(url);
    const first = await screen.findByRole('list', { name: 'Logic of Q1' });
    expect(within(first).getByText('If the answer is equal to 10, end the survey')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Logic of Q2' })).getByText(
        'Shown if Q1 is less than 7 or Q1 is empty',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Logic of Q3' })).not.toBeInTheDocument();
  });

  async function openLogic(user: User, number: number) {
    await user.click(await screen.findByRole('button', { name: `Logic of Q${number}` }));
    return screen.findByRole('dialog', { name: `Logic of Q${number}` });
  }

  it('builds a condition on an earlier answer and saves it', async () => {
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, choiceQuestion, textQuestion] } }),
    );
    renderApp(url);
    const user = setupUser();
    const dialog = await openLogic(user, 2);
    await user.click(
      within(dialog).getByRole('radio', { name: 'Only when earlier answers meet conditions' }),
    );
    // Only earlier questions can be conditions.
    await user.click(within(dialog).getByRole('combobox', { name: /^Question/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Q1: NPS']);
    await user.click(screen.getByRole('option', { name: 'Q1: NPS' }));
    await choose(user, dialog, /^Operator/, 'Less than');
    await choose(user, dialog, /^Value/, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save Logic' }));

    expect(await screen.findByText('Logic saved successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions[1]?.logic).toEqual({
      showIf: { join: 'and', conditions: [{ questionId: npsId, operator: 'LESS_THAN', value: 7 }] },
    });
    const sentences = await screen.findByRole('list', { name: 'Logic of Q2' });
    expect(within(sentences).getByText('Shown if Q1 is less than 7')).toBeVisible();
  });

  it('builds a jump on the answer to a later question and saves it', async () => {
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, choiceQuestion, textQuestion] } }),
    );
    renderApp(url);
    const user = setupUser();
    const dialog = await openLogic(user, 2);
    await user.click(within(dialog).getByRole('button', { name: 'Add Jump' }));
    await choose(user, dialog, /^If the answer/, 'Equals');
    await choose(user, dialog, /^Value/, 'Oil');
    // Only later questions, or the end, can be jumped to.
    await user.click(within(dialog).getByRole('combobox', { name: /^Go to/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Q3: Name',
      'End of survey',
    ]);
    await user.click(screen.getByRole('option', { name: 'Q3: Name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Logic' }));

    expect(await screen.findByText('Logic saved successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions[1]?.logic).toEqual({
      jumps: [{ condition: { operator: 'IS_EQUAL', value: 'Oil' }, to: textId }],
    });
    const sentences = await screen.findByRole('list', { name: 'Logic of Q2' });
    expect(within(sentences).getByText('If the answer is equal to “Oil”, go to Q3')).toBeVisible();
  });

  it('asks for what a condition lacks instead of saving it', async () => {
    const { server } = mockTemplateServer(
      buildVersion({ definition: { questions: [npsQuestion, textQuestion] } }),
    );
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Logic of Q2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logic of Q2' });
    await user.click(
      within(dialog).getByRole('radio', { name: 'Only when earlier answers meet conditions' }),
    );
    const patches = server.patches.length;
    await user.click(within(dialog).getByRole('button', { name: 'Save Logic' }));
    expect(await within(dialog).findAllByText('Choose a question')).not.toHaveLength(0);
    expect(server.patches).toHaveLength(patches);
  });

  it('says the first question is always shown', async () => {
    mockTemplateServer(buildVersion({ definition: { questions: [npsQuestion, textQuestion] } }));
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Logic of Q1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logic of Q1' });
    expect(within(dialog).getByText('The first question is always shown.')).toBeVisible();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('refuses a move that would make logic point backwards', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: withLogic }));
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'More actions for Q2' }));
    const patches = server.patches.length;
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(
      await screen.findByText(
        'This order breaks the survey logic. Logic of "Bought": a condition can only use an earlier question, not "NPS"',
      ),
    ).toBeInTheDocument();
    expect(server.patches).toHaveLength(patches);
  });

  it('deletes a question with the conditions on it', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: withLogic }));
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'More actions for Q1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Question' });
    expect(confirm).toHaveTextContent('The logic of Q2 uses this question');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Question deleted successfully!')).toBeInTheDocument();
    const questions = lastPatch(server).surveyTemplateDefinition?.questions ?? [];
    expect(questions.map((question) => question.id)).toEqual([choiceId, textId]);
    expect(questions[0]?.logic).toBeUndefined();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('keeps a question’s logic when the question is edited', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: withLogic }));
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Q2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
    await user.type(within(dialog).getByLabelText('Question Text'), ' Tell us.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Question updated successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition?.questions[1]).toMatchObject({
      question: 'What did you buy? Tell us.',
      logic: {
        showIf: { join: 'or', conditions: [{ questionId: npsId, operator: 'LESS_THAN', value: 7 }, {}] },
      },
    });
  });

  it('refuses a change of type that the logic no longer fits', async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: withLogic }));
    renderApp(url);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Q1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
    await choose(user, dialog, /Question Type/, 'Short Text');
    const patches = server.patches.length;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(
        /^This change does not fit the survey logic\. Logic of "Bought": This operator does not apply/,
      ),
    ).toBeInTheDocument();
    expect(server.patches).toHaveLength(patches);
  });
});
