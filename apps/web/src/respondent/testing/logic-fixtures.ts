import type { SurveyQuestion } from '@graphium/shared';

// A survey with logic for the respondent page's tests (decision 023).

const base = {
  category: '',
  validation: { required: false },
  endSurveyValue: '',
  compositeScore: { enabled: false, value: 0 },
  active: true,
} as const;
const text = { placeholderText: '', maxLength: 200 } as const;

/** Q1 NPS; Q2 "What went wrong?" if Q1 < 7; Q3 "What did you like?" if Q1 > 6, "nothing" ends; Q4. */
export function branching(): SurveyQuestion[] {
  return [
    {
      ...base,
      id: 'q1',
      label: 'Q1',
      type: 'NetPromoterScore',
      question: 'Recommend us?',
      startLabel: '',
      endLabel: '',
    },
    {
      ...base,
      ...text,
      id: 'q2',
      label: 'Q2',
      type: 'ShortTextEntry',
      question: 'What went wrong?',
      logic: { showIf: { join: 'and', conditions: [{ questionId: 'q1', operator: 'LESS_THAN', value: 7 }] } },
    },
    {
      ...base,
      ...text,
      id: 'q3',
      label: 'Q3',
      type: 'ShortTextEntry',
      question: 'What did you like?',
      logic: {
        showIf: { join: 'and', conditions: [{ questionId: 'q1', operator: 'GREATER_THAN', value: 6 }] },
        jumps: [{ condition: { operator: 'IS_EQUAL', value: 'nothing' }, to: 'end' }],
      },
    },
    { ...base, ...text, id: 'q4', label: 'Q4', type: 'ShortTextEntry', question: 'Anything else?' },
  ];
}
