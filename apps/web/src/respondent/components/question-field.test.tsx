import type { SurveyAnswer, SurveyQuestion } from '@graphium/shared';
import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { everyQuestion, respondentSurvey } from '../testing/fake-api';
import { QuestionField } from './question-field';

const questions = Object.fromEntries(everyQuestion().map((question) => [question.id, question]));
const lists = respondentSurvey().lists;

function renderQuestion(question: SurveyQuestion, initial?: SurveyAnswer) {
  const changes = vi.fn();
  function Harness() {
    const [value, setValue] = useState<SurveyAnswer | undefined>(initial);
    return (
      <QuestionField
        question={question}
        value={value}
        lists={lists}
        headingRef={() => undefined}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { user: setupUser(), changes };
}

function withChanges<T extends SurveyQuestion>(
  question: SurveyQuestion,
  changes: Partial<T>,
): SurveyQuestion {
  return { ...question, ...changes } as SurveyQuestion;
}

describe('question renderers', () => {
  it('draws stars named for screen readers, with the scale labels', async () => {
    const { user, changes } = renderQuestion(questions['q-stars']!);
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByText('Poor')).toBeVisible();
    expect(screen.getByText('Great')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(changes).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAccessibleDescription('Poor Great');
  });

  it('moves through a scale with the arrow keys', async () => {
    const { user, changes } = renderQuestion(questions['q-numeric']!, 3);
    screen.getByRole('radio', { name: '3' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(changes).toHaveBeenLastCalledWith(4);
  });

  it('offers radio buttons when only one option may be chosen, "Other" saved with its text', async () => {
    const single = withChanges(questions['q-choice']!, { multiSelect: false });
    const { user, changes } = renderQuestion(single);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tyres' }));
    expect(changes).toHaveBeenLastCalledWith(['Tyres']);
    await user.click(screen.getByRole('radio', { name: 'Other (please specify)' }));
    // No text yet: nothing is chosen, so a required question stays unanswered.
    expect(changes).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('radio', { name: 'Tyres' })).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Please specify' }), ' Wipers');
    expect(changes).toHaveBeenLastCalledWith(['Other: Wipers']);
    await user.click(screen.getByRole('radio', { name: 'Oil' }));
    expect(changes).toHaveBeenLastCalledWith(['Oil']);
    expect(screen.queryByRole('textbox', { name: 'Please specify' })).not.toBeInTheDocument();
  });

  it('shows a saved "Other" answer again with its text', () => {
    renderQuestion(questions['q-choice']!, ['Oil', 'Other: Brakes']);
    expect(screen.getByRole('checkbox', { name: 'Oil' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Other (please specify)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Please specify' })).toHaveValue('Brakes');
  });

  it('lets a dropdown go back to its placeholder only when the question is not required', async () => {
    const { user, changes } = renderQuestion(questions['q-dropdown']!, lists[0]!.listItems[1]!.listItemId);
    const combo = screen.getByRole('combobox', { name: 'Which store did you visit?' });
    expect(combo).toHaveValue('South');
    expect(combo).toHaveAttribute('placeholder', 'Choose a store');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(changes).toHaveBeenLastCalledWith('');
    expect(screen.getByText('All selected options have been cleared.')).toBeInTheDocument();
  });

  it('searches the options as the respondent types, with "No options" and announcements', async () => {
    const { user, changes } = renderQuestion(questions['q-dropdown']!);
    const combo = screen.getByRole('combobox', { name: 'Which store did you visit?' });
    await user.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Which store did you visit?' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['North', 'South']);
    expect(screen.getByText('2 results available')).toBeInTheDocument();
    await user.type(combo, 'zz');
    expect(within(listbox).getByText('No options')).toBeVisible();
    expect(screen.getByText('0 results available')).toBeInTheDocument();
    await user.clear(combo);
    await user.type(combo, 'sou');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['South']);
    expect(screen.getByText('1 result available')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(changes).toHaveBeenLastCalledWith(lists[0]!.listItems[1]!.listItemId);
    expect(screen.getByText('option South, selected.')).toBeInTheDocument();
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByText('option North focused, 1 of 2.')).toBeInTheDocument();
    expect(combo).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[0]!.id);
    await user.keyboard('{Escape}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(combo).toHaveValue('South');
  });

  it('keeps a required dropdown from being cleared, and takes an "Other" text', async () => {
    const required = withChanges(questions['q-dropdown']!, {
      validation: { required: true },
      listId: undefined,
      answerOptions: ['North', 'South'],
      includeOtherOption: true,
      placeholderText: '',
    });
    const { user, changes } = renderQuestion(required);
    const combo = screen.getByRole('combobox', { name: 'Which store did you visit? (required)' });
    expect(combo).toHaveAttribute('aria-required', 'true');
    expect(combo).toHaveAttribute('placeholder', 'Select...');
    await user.click(combo);
    await user.click(screen.getByRole('option', { name: 'Other (please specify)' }));
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Please specify' }), 'East');
    expect(changes).toHaveBeenLastCalledWith('Other: East');
  });

  it('counts the characters of a long answer against its maximum', async () => {
    const { user } = renderQuestion(questions['q-long']!);
    const comments = screen.getByRole('textbox', { name: 'Anything else?' });
    expect(comments).toHaveAttribute('maxlength', '300');
    expect(comments).toHaveAccessibleDescription('0 / 300 characters');
    await user.type(comments, 'Lovely');
    expect(comments).toHaveAccessibleDescription('6 / 300 characters');
  });

  it('wraps a long numeric scale', () => {
    renderQuestion(withChanges(questions['q-numeric']!, { startNumber: -5, endNumber: 20 }));
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(26);
    expect(radios[0]).toHaveAccessibleName('-5');
    expect(radios[25]).toHaveAccessibleName('20');
  });
});
