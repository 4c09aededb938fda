import { describe, expect, it } from 'vitest';
import { buildSavePayload } from './save-payload';
import { everyQuestion } from './testing/fake-api';

describe('buildSavePayload', () => {
  it('sends every answer so far, and null to clear one saved before', () => {
    const questions = everyQuestion();
    const payload = buildSavePayload(
      questions,
      questions,
      { 'q-nps': 0, 'q-stars': 4, 'q-choice': [], 'q-short': '  ', 'q-long': 'Fine' },
      { 'q-choice': ['Oil'], 'q-long': 'Old' },
    );
    expect(payload).toEqual({ 'q-nps': 0, 'q-stars': 4, 'q-choice': null, 'q-long': 'Fine' });
  });

  it('sends only the answers of the path, and null for a saved one the path no longer shows', () => {
    const questions = everyQuestion();
    const path = questions.filter((question) => question.id !== 'q-long' && question.id !== 'q-short');
    const payload = buildSavePayload(
      questions,
      path,
      { 'q-nps': 9, 'q-short': 'Ada', 'q-long': 'Fine' },
      { 'q-long': 'Fine' },
    );
    expect(payload).toEqual({ 'q-nps': 9, 'q-long': null });
  });

  it('always sends the questions the logic reads, null when unanswered, so the path needs no read', () => {
    const [first, second, third] = everyQuestion();
    const questions = [
      first!,
      {
        ...second!,
        logic: {
          showIf: {
            join: 'and' as const,
            conditions: [{ questionId: first!.id, operator: 'LESS_THAN' as const, value: 7 }],
          },
        },
      },
      third!,
    ];
    expect(buildSavePayload(questions, questions, {}, {})).toEqual({ [first!.id]: null });
    expect(buildSavePayload(questions, questions, { [first!.id]: 3 }, {})).toEqual({ [first!.id]: 3 });
  });
});
