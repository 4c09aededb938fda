import * as shared from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import * as rules from './rules';
import { everyQuestion } from './testing/fake-api';

// rules.ts copies a few pure rules of '@graphium/shared' so the respondent bundle stays free of
// zod; these tests hold the copies to the originals.

describe('respondent rules agree with @graphium/shared', () => {
  const questions = everyQuestion(true);
  const samples: unknown[] = [undefined, null, 0, 1, 7, 10, '', '  ', 'text', [], ['Oil'], Number.NaN];

  it('reads answered and unanswered the same way, 0 answering NPS but not stars', () => {
    for (const question of questions) {
      for (const value of samples) {
        expect(rules.isAnswered(question, value), `${question.type} ${String(value)}`).toBe(
          shared.isAnswered(question, value),
        );
      }
    }
    const [nps, stars] = questions;
    expect(rules.isAnswered(nps!, 0)).toBe(true);
    expect(rules.isAnswered(stars!, 0)).toBe(false);
  });

  it('resumes at the same question', () => {
    const cases: shared.SurveyResponses[] = [
      {},
      { 'q-nps': 0 },
      { 'q-nps': 4, 'q-stars': 5, 'q-numeric': 2 },
      Object.fromEntries(questions.map((question) => [question.id, 'x'])),
    ];
    for (const responses of cases) {
      expect(rules.findResumeIndex(questions, responses)).toBe(shared.findResumeIndex(questions, responses));
    }
    expect(rules.findResumeIndex(questions, { 'q-nps': 0 })).toBe(1);
    expect(rules.findResumeIndex(questions, cases[3]!)).toBe(questions.length - 1);
  });

  it('accepts the same review links', () => {
    for (const link of [
      'https://a.example/x',
      'http://b.example',
      'javascript:alert(1)',
      'ftp://c',
      'nope',
      '',
    ]) {
      expect(rules.isValidReviewLink(link), link).toBe(shared.isValidReviewLink(link));
    }
  });

  it('shares the texts, constants and other-answer format', () => {
    expect(rules.surveyNotFoundMessage).toBe(shared.surveyNotFoundMessage);
    expect(rules.authenticationFailedFallbackMessage).toBe(shared.authenticationFailedFallbackMessage);
    expect(rules.otherAnswerPrefix).toBe(shared.otherAnswerPrefix);
    expect(rules.toOtherAnswer(' Brakes ')).toBe(shared.toOtherAnswer(' Brakes '));
    expect(rules.readOtherAnswer('Other: Brakes')).toBe(shared.readOtherAnswer('Other: Brakes'));
    expect(rules.apiTimeoutMs).toBe(shared.apiTimeoutMs);
    expect(rules.xsrfCookieName).toBe(shared.xsrfCookieName);
    expect(rules.xsrfHeaderName).toBe(shared.xsrfHeaderName);
    for (const minutes of [1, 2, 7]) {
      expect(rules.estimatedTimeText(minutes)).toBe(shared.estimatedTimeText(minutes));
    }
    expect(rules.estimatedTimeText(1)).toBe('This survey should take about 1 minute to complete.');
  });

  it('checks and converts the authentication form the same way', () => {
    const fields: shared.AuthenticationProperty[] = [
      { id: 'text', label: 'Last Name', type: 'Text', required: true },
      { id: 'number', label: 'Age', type: 'Number', required: true },
      { id: 'date', label: 'Birthday', type: 'Date', required: false },
      { id: 'time', label: 'Visit', type: 'DateTime', required: false },
      { id: 'yes', label: 'Member', type: 'Boolean', required: false },
    ];
    const forms: Record<string, string>[] = [
      {},
      { text: '  Lovelace ', number: '36', date: '1815-12-10', time: '2024-05-01T10:30', yes: 'true' },
      { text: ' ', number: 'abc', date: 'not a date', time: 'later', yes: 'false' },
      { text: 'x', number: '-1.5', date: '1815-02-30', yes: 'TRUE' },
    ];
    for (const raw of forms) {
      expect(rules.checkAuthenticationForm(fields, raw)).toEqual(shared.checkAuthenticationForm(fields, raw));
    }
  });
});

describe('checkAuthenticationForm', () => {
  const fields: shared.AuthenticationProperty[] = [
    { id: 'text', label: 'Last Name', type: 'Text', required: true },
    { id: 'number', label: 'Age', type: 'Number', required: false },
    { id: 'date', label: 'Birthday', type: 'Date', required: false },
    { id: 'time', label: 'Visit', type: 'DateTime', required: false },
    { id: 'yes', label: 'Member', type: 'Boolean', required: false },
  ];

  it('names each problem with the part 1 §5 messages', () => {
    expect(
      rules.checkAuthenticationForm(fields, { text: '  ', number: 'twelve', date: 'soon' }).errors,
    ).toEqual({
      text: 'Last Name is required',
      number: 'Age must be a valid number',
      date: 'Birthday must be a valid date',
    });
  });

  it('converts values to their types and leaves empty ones out', () => {
    const visit = '2024-05-01T10:30';
    const { values, errors } = rules.checkAuthenticationForm(fields, {
      text: '  Lovelace ',
      number: '36.5',
      date: '1815-12-10',
      time: visit,
      yes: 'true',
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      text: 'Lovelace',
      number: 36.5,
      date: '1815-12-10',
      time: new Date(visit).toISOString(),
      yes: true,
    });
    expect(rules.checkAuthenticationForm(fields, { text: 'x', yes: 'false' }).values).toEqual({
      text: 'x',
      yes: false,
    });
  });
});

describe('buildSavePayload', () => {
  it('sends every answer so far, and null to clear one saved before', () => {
    const questions = everyQuestion();
    const payload = rules.buildSavePayload(
      questions,
      { 'q-nps': 0, 'q-stars': 4, 'q-choice': [], 'q-short': '  ', 'q-long': 'Fine' },
      { 'q-choice': ['Oil'], 'q-long': 'Old' },
    );
    expect(payload).toEqual({ 'q-nps': 0, 'q-stars': 4, 'q-choice': null, 'q-long': 'Fine' });
  });
});
