import { describe, expect, it } from 'vitest';
import {
  emailAnswerFor,
  emailAnswerText,
  emailScaleOf,
  firstEmailScale,
  formatEmailAnswer,
  readEmailAnswer,
} from './email-answer.js';
import type { SurveyQuestion } from './survey-definition.js';

const base = {
  question: 'How likely are you to recommend us?',
  label: 'NPS',
  category: '',
  validation: { required: true },
  endSurveyValue: '' as const,
  compositeScore: { enabled: false, value: 0 },
  active: true,
};
const nps: SurveyQuestion = {
  ...base,
  id: 'q-nps',
  type: 'NetPromoterScore',
  startLabel: 'No',
  endLabel: 'Yes',
};
const stars: SurveyQuestion = {
  ...base,
  id: 'q-stars',
  type: 'StarRatingScale',
  startLabel: '',
  endLabel: '',
};
const numeric = (startNumber: number, endNumber: number): SurveyQuestion => ({
  ...base,
  id: 'q-numeric',
  type: 'NumericScale',
  startNumber,
  endNumber,
  startLabel: '',
  endLabel: '',
});
const text: SurveyQuestion = {
  ...base,
  id: 'q-text',
  type: 'ShortTextEntry',
  placeholderText: '',
  maxLength: 20,
};

describe('the scale an e-mail shows', () => {
  it('offers NPS 0-10, stars 1-5 and numeric scales of at most 11 steps', () => {
    expect(emailScaleOf(nps)?.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(emailScaleOf(stars)).toMatchObject({ values: [1, 2, 3, 4, 5], isStars: true });
    expect(emailScaleOf(numeric(-5, 5))?.values).toHaveLength(11);
    expect(emailScaleOf(numeric(1, 12))).toBeUndefined();
    expect(emailScaleOf(text)).toBeUndefined();
  });

  it('takes the first active question', () => {
    expect(firstEmailScale({ questions: [{ ...nps, active: false }, stars] })?.question.id).toBe('q-stars');
    expect(firstEmailScale({ questions: [text, nps] })).toBeUndefined();
    expect(firstEmailScale({ questions: [] })).toBeUndefined();
  });
});

describe('answer links', () => {
  it('writes and reads {questionId}:{value}, negative numbers included', () => {
    expect(formatEmailAnswer({ questionId: 'q-nps', value: 8 })).toBe('q-nps:8');
    expect(readEmailAnswer('q-nps:8')).toEqual({ questionId: 'q-nps', value: 8 });
    expect(readEmailAnswer('q-numeric:-3')).toEqual({ questionId: 'q-numeric', value: -3 });
    for (const bad of [null, '', 'q-nps', 'q-nps:', 'q-nps:8.5', 'q-nps:eight', '<x>:1', 'q:1:2'])
      expect(readEmailAnswer(bad)).toBeUndefined();
  });

  it('accepts only a value of the first question the respondent sees', () => {
    expect(emailAnswerFor([nps, stars], { questionId: 'q-nps', value: 10 })?.value).toBe(10);
    expect(emailAnswerFor([nps, stars], { questionId: 'q-nps', value: 11 })).toBeUndefined();
    expect(emailAnswerFor([nps, stars], { questionId: 'q-stars', value: 3 })).toBeUndefined();
    expect(
      emailAnswerFor([{ ...nps, active: false }, stars], { questionId: 'q-stars', value: 3 })?.value,
    ).toBe(3);
    expect(emailAnswerFor([nps], undefined)).toBeUndefined();
  });

  it('reads an answer as a person says it', () => {
    expect(emailAnswerText({ isStars: false }, 8)).toBe('8');
    expect(emailAnswerText({ isStars: true }, 1)).toBe('1 star');
    expect(emailAnswerText({ isStars: true }, 4)).toBe('4 stars');
  });
});
