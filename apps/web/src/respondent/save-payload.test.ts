import { describe, expect, it } from 'vitest';
import { buildSavePayload } from './save-payload';
import { everyQuestion } from './testing/fake-api';

describe('buildSavePayload', () => {
  it('sends every answer so far, and null to clear one saved before', () => {
    const questions = everyQuestion();
    const payload = buildSavePayload(
      questions,
      { 'q-nps': 0, 'q-stars': 4, 'q-choice': [], 'q-short': '  ', 'q-long': 'Fine' },
      { 'q-choice': ['Oil'], 'q-long': 'Old' },
    );
    expect(payload).toEqual({ 'q-nps': 0, 'q-stars': 4, 'q-choice': null, 'q-long': 'Fine' });
  });
});
