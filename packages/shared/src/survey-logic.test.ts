import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findUnansweredRequired, respondentQuestions } from './answer-rules.js';
import { type SurveyDefinitionInput, surveyDefinitionSchema } from './survey-definition.js';
import { answeredOffPath, logicInputIds, nextOnPath, previousOnPath, surveyPath } from './survey-logic.js';

const ids = {
  nps: randomUUID(),
  why: randomUUID(),
  praise: randomUUID(),
  channel: randomUUID(),
  last: randomUUID(),
};

/** NPS; "What went wrong?" shown if NPS < 7; praise jumps to the end; channel; last. */
type Overrides = Partial<Record<keyof typeof ids, Record<string, unknown>>>;

function branchingInput(overrides: Overrides = {}): SurveyDefinitionInput {
  return {
    questions: [
      { id: ids.nps, type: 'NetPromoterScore', question: 'Recommend?', label: 'Q1', ...overrides.nps },
      {
        id: ids.why,
        type: 'LongTextEntry',
        question: 'What went wrong?',
        label: 'Q2',
        validation: { required: true },
        logic: {
          showIf: { join: 'and', conditions: [{ questionId: ids.nps, operator: 'LESS_THAN', value: 7 }] },
        },
        ...overrides.why,
      },
      {
        id: ids.praise,
        type: 'MultipleChoice',
        question: 'What did you like?',
        label: 'Q3',
        answerOptions: ['Speed', 'Price'],
        logic: {
          showIf: { join: 'and', conditions: [{ questionId: ids.nps, operator: 'GREATER_THAN', value: 6 }] },
          jumps: [{ condition: { operator: 'IS_EQUAL', value: 'Price' }, to: 'end' }],
        },
        ...overrides.praise,
      },
      {
        id: ids.channel,
        type: 'ShortTextEntry',
        question: 'How did you hear of us?',
        label: 'Q4',
        ...overrides.channel,
      },
      {
        id: ids.last,
        type: 'StarRatingScale',
        question: 'Overall?',
        label: 'Q5',
        validation: { required: true },
        ...overrides.last,
      },
    ] as SurveyDefinitionInput['questions'],
  };
}

function branching(overrides: Overrides = {}) {
  return surveyDefinitionSchema.parse(branchingInput(overrides));
}

const labels = (questions: { label: string }[]) => questions.map((question) => question.label);

describe('the respondent path (decision 023)', () => {
  const { questions } = branching();

  it('names the answers the path reads: condition sources and questions with jumps', () => {
    expect([...logicInputIds(questions)].sort()).toEqual([ids.nps, ids.praise].sort());
    expect(logicInputIds(questions.map(({ logic: _logic, ...question }) => question)).size).toBe(0);
  });

  it('shows a question only when its conditions on earlier answers hold', () => {
    expect(labels(surveyPath(questions, { [ids.nps]: 3 }))).toEqual(['Q1', 'Q2', 'Q4', 'Q5']);
    expect(labels(surveyPath(questions, { [ids.nps]: 9 }))).toEqual(['Q1', 'Q3', 'Q4', 'Q5']);
  });

  it('before an answer, conditions on it do not hold', () => {
    expect(labels(surveyPath(questions, {}))).toEqual(['Q1', 'Q4', 'Q5']);
  });

  it('a jump on the answer ends the survey', () => {
    expect(labels(surveyPath(questions, { [ids.nps]: 9, [ids.praise]: ['Price'] }))).toEqual(['Q1', 'Q3']);
  });

  it('a jump goes forwards over the questions between', () => {
    const jumping = branching({
      nps: { logic: { jumps: [{ condition: { operator: 'IS_EQUAL', value: 10 }, to: ids.last }] } },
    }).questions;
    expect(labels(surveyPath(jumping, { [ids.nps]: 10 }))).toEqual(['Q1', 'Q5']);
    expect(labels(surveyPath(jumping, { [ids.nps]: 8 }))).toEqual(['Q1', 'Q3', 'Q4', 'Q5']);
  });

  it('joins conditions with or', () => {
    const either = branching({
      channel: {
        logic: {
          showIf: {
            join: 'or',
            conditions: [
              { questionId: ids.nps, operator: 'IS_EQUAL', value: 0 },
              { questionId: ids.nps, operator: 'IS_EQUAL', value: 10 },
            ],
          },
        },
      },
    }).questions;
    expect(labels(surveyPath(either, { [ids.nps]: 10 }))).toContain('Q4');
    expect(labels(surveyPath(either, { [ids.nps]: 0 }))).toContain('Q4');
    expect(labels(surveyPath(either, { [ids.nps]: 5 }))).not.toContain('Q4');
  });

  it('ignores answers left on questions the path no longer shows', () => {
    const chained = branching({
      channel: {
        logic: { showIf: { join: 'and', conditions: [{ questionId: ids.why, operator: 'IS_NOT_EMPTY' }] } },
      },
    }).questions;
    expect(labels(surveyPath(chained, { [ids.nps]: 3, [ids.why]: 'Slow' }))).toContain('Q4');
    expect(labels(surveyPath(chained, { [ids.nps]: 9, [ids.why]: 'Slow' }))).not.toContain('Q4');
  });

  it('steps to the next and previous question along the path', () => {
    const answers = { [ids.nps]: 9 };
    expect(nextOnPath(questions, answers, ids.nps)?.label).toBe('Q3');
    expect(previousOnPath(questions, answers, ids.channel)?.label).toBe('Q3');
    expect(previousOnPath(questions, answers, ids.nps)).toBeUndefined();
    expect(nextOnPath(questions, { ...answers, [ids.praise]: ['Price'] }, ids.praise)).toBeUndefined();
  });

  it('names the answers a changed earlier answer hid', () => {
    expect(answeredOffPath(questions, { [ids.nps]: 9, [ids.why]: 'Slow', [ids.channel]: 'Radio' })).toEqual([
      ids.why,
    ]);
  });

  it('never requires a hidden question', () => {
    const answers = { [ids.nps]: 9, [ids.last]: 4 };
    expect(findUnansweredRequired(surveyPath(questions, answers), answers)).toEqual([]);
    expect(labels(findUnansweredRequired(surveyPath(questions, { [ids.nps]: 2 }), { [ids.nps]: 2 }))).toEqual(
      ['Q2', 'Q5'],
    );
  });

  it('a jump to an inactive question goes on to the next active one', () => {
    const definition = branching({
      nps: { logic: { jumps: [{ condition: { operator: 'IS_EQUAL', value: 10 }, to: ids.channel }] } },
      channel: { active: false },
    });
    expect(labels(surveyPath(respondentQuestions(definition), { [ids.nps]: 10 }))).toEqual(['Q1', 'Q5']);
  });

  it('without logic, the path is every active question', () => {
    const plain = surveyDefinitionSchema.parse({
      questions: [
        { id: ids.nps, type: 'NetPromoterScore', question: 'Recommend?', label: 'Q1' },
        { id: ids.last, type: 'StarRatingScale', question: 'Overall?', label: 'Q5', active: false },
      ],
    });
    expect(plain.schemaVersion).toBe('1.0');
    expect(labels(surveyPath(plain.questions, {}))).toEqual(['Q1']);
  });
});

describe('logic in the definition (decision 023)', () => {
  function issues(definition: SurveyDefinitionInput) {
    const result = surveyDefinitionSchema.safeParse(definition);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  }

  it('is written as schema version 1.1, and 1.0 stays valid', () => {
    expect(branching().schemaVersion).toBe('1.1');
    expect(surveyDefinitionSchema.parse({ schemaVersion: '1.0' }).schemaVersion).toBe('1.0');
    expect(issues({ schemaVersion: '2.0' as never })).toHaveLength(1);
  });

  it('refuses a condition on a later question, naming the question', () => {
    const input = branchingInput({
      nps: {
        logic: { showIf: { join: 'and', conditions: [{ questionId: ids.last, operator: 'IS_EMPTY' }] } },
      },
    });
    expect(issues(input)).toEqual([
      'questions.0.logic.showIf.conditions.0.questionId: Logic of "Q1": a condition can only use an earlier question, not "Q5"',
    ]);
  });

  it('refuses a jump backwards or to a missing question', () => {
    const backwards = branchingInput({
      channel: { logic: { jumps: [{ condition: { operator: 'IS_NOT_EMPTY' }, to: ids.nps }] } },
    });
    expect(issues(backwards)).toEqual([
      'questions.3.logic.jumps.0.to: Logic of "Q4": a jump can only go to a later question, not "Q1"',
    ]);
    const missing = branchingInput({
      channel: { logic: { jumps: [{ condition: { operator: 'IS_NOT_EMPTY' }, to: randomUUID() }] } },
    });
    expect(issues(missing)).toEqual([
      'questions.3.logic.jumps.0.to: Logic of "Q4": a jump goes to a question that is not in the survey',
    ]);
  });

  it("refuses an operator the question's type does not take and a value out of range", () => {
    const wrong = branchingInput({
      why: {
        logic: {
          showIf: { join: 'and', conditions: [{ questionId: ids.nps, operator: 'LESS_THAN', value: 11 }] },
        },
      },
      channel: { logic: { jumps: [{ condition: { operator: 'GREATER_THAN', value: 3 }, to: 'end' }] } },
    });
    expect(issues(wrong)).toEqual([
      'questions.1.logic.showIf.conditions.0.value: Logic of "Q2": Enter a number from 0 to 10 (condition on "Q1")',
      'questions.3.logic.jumps.0.condition.operator: Logic of "Q4": This operator does not apply to the question',
    ]);
  });
});
