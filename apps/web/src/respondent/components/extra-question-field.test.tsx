import {
  type SurveyAnswer,
  type SurveyQuestion,
  type SurveyQuestionInput,
  surveyQuestionSchema,
} from '@graphium/shared';
import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setupUser } from '@/test/user';
import { QuestionField } from './question-field';

// The respondent renderers of the added question types (decision 027), by keyboard.

function question(input: Record<string, unknown> & { type: SurveyQuestionInput['type'] }): SurveyQuestion {
  return surveyQuestionSchema.parse({
    id: '00000000-0000-4000-8000-000000000001',
    question: 'How was it?',
    label: 'Q',
    ...input,
  });
}

async function renderQuestion(item: SurveyQuestion, initial?: SurveyAnswer) {
  const changes = vi.fn();
  function Harness() {
    const [value, setValue] = useState<SurveyAnswer | undefined>(initial);
    return (
      <QuestionField
        question={item}
        value={value}
        lists={[]}
        headingRef={() => undefined}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  // The renderers load on demand (React.lazy): let them arrive.
  await act(async () => {
    await import('./extra-question-field');
  });
  return { user: setupUser(), changes };
}

describe('the new question renderers', () => {
  it('offers CES as seven radios in a group named by the question, moved with arrow keys', async () => {
    const { user, changes } = await renderQuestion(
      question({ type: 'CustomerEffortScore', startLabel: 'Very difficult', endLabel: 'Very easy' }),
    );
    const group = screen.getByRole('group', { name: 'How was it?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(7);
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.keyboard('{ArrowRight}');
    expect(changes).toHaveBeenLastCalledWith(5);
    expect(screen.getByRole('radio', { name: '5' })).toHaveAccessibleDescription('Very difficult Very easy');
  });

  it('draws CSAT as five faces with text names, or as stars', async () => {
    const { user, changes } = await renderQuestion(question({ type: 'CustomerSatisfactionScore' }));
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Very dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very satisfied',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Satisfied' }));
    expect(changes).toHaveBeenLastCalledWith(4);
  });

  it('draws CSAT as stars when asked', async () => {
    await renderQuestion(question({ type: 'CustomerSatisfactionScore', display: 'stars' }));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
  });

  it('takes a date in a native date input named by the question, with its range described', async () => {
    const { user, changes } = await renderQuestion(
      question({ type: 'DateEntry', minDate: '2026-01-01', maxDate: '2026-12-31' }),
    );
    const input = screen.getByLabelText('How was it?');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '2026-01-01');
    expect(input).toHaveAccessibleDescription('Choose a date from January 1, 2026 to December 31, 2026.');
    await user.type(input, '2026-03-04');
    expect(changes).toHaveBeenLastCalledWith('2026-03-04');
  });

  it('ticks consent with the space bar and shows the link safely', async () => {
    const { user, changes } = await renderQuestion(
      question({
        type: 'Consent',
        consentText: 'I agree to be contacted.',
        linkUrl: 'https://example.com/privacy',
        linkLabel: 'Privacy notice',
        validation: { required: true },
      }),
    );
    const box = screen.getByRole('checkbox', { name: /I agree to be contacted\./ });
    box.focus();
    await user.keyboard(' ');
    expect(changes).toHaveBeenLastCalledWith(true);
    await user.keyboard(' ');
    expect(changes).toHaveBeenLastCalledWith(false);
    const link = screen.getByRole('link', { name: 'Privacy notice' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('reorders a ranking with the Move buttons, keeping focus on the moved option', async () => {
    const { user, changes } = await renderQuestion(
      question({ type: 'Ranking', answerOptions: ['Price', 'Speed', 'Service'] }),
    );
    expect(screen.getByRole('button', { name: 'Move Price up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Service up' }));
    expect(changes).toHaveBeenLastCalledWith(['Price', 'Service', 'Speed']);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Move Service up' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(changes).toHaveBeenLastCalledWith(['Service', 'Price', 'Speed']);
    expect(screen.getByText('Service moved to position 1 of 3')).toBeInTheDocument();
    // At the top, "Move up" is disabled: the keyboard lands on "Move down".
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Move Service down' })).toHaveFocus());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.slice(0, 9))).toEqual([
      '1.Service',
      '2.Price↑M',
      '3.Speed↑M',
    ]);
  });

  it('answers a ranking with the order shown via Keep this order', async () => {
    const { user, changes } = await renderQuestion(
      question({ type: 'Ranking', answerOptions: ['Price', 'Speed'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Keep this order' }));
    expect(changes).toHaveBeenLastCalledWith(['Price', 'Speed']);
    expect(screen.queryByRole('button', { name: 'Keep this order' })).not.toBeInTheDocument();
  });

  it('answers each matrix statement in its own radio group', async () => {
    const { user, changes } = await renderQuestion(
      question({
        type: 'Matrix',
        rows: [
          { id: 'staff', text: 'Friendly staff' },
          { id: 'wait', text: 'Short wait' },
        ],
        columns: ['Disagree', 'Neutral', 'Agree'],
      }),
    );
    const staff = screen.getByRole('group', { name: 'Friendly staff' });
    await user.click(within(staff).getByRole('radio', { name: 'Agree' }));
    expect(changes).toHaveBeenLastCalledWith({ staff: 3 });
    const wait = screen.getByRole('group', { name: 'Short wait' });
    await user.click(within(wait).getByRole('radio', { name: 'Neutral' }));
    await user.keyboard('{ArrowLeft}');
    expect(changes).toHaveBeenLastCalledWith({ staff: 3, wait: 1 });
  });
});
