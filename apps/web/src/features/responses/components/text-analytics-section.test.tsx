import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildSummary,
  mockResponsesServer,
  pagedList,
  surveyId,
  textId,
  versionId,
} from './responses-fixtures';

const textAnalytics = {
  questions: [
    {
      questionId: textId,
      questionLabel: 'Served by',
      answerCount: 4,
      sentiment: { positive: 1, neutral: 1, negative: 2, not_analysed: 0 },
      keywords: [
        { term: 'delivery', count: 3, averageScore: 42.5 },
        { term: 'staff', count: 1, averageScore: null },
      ],
      phrases: [{ term: 'slow delivery', count: 2, averageScore: 30 }],
    },
  ],
};

describe('Comments on the Summary', () => {
  it('shows the sentiment shares and the keyword table, and a keyword opens its answers', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(3, buildSummary()), textAnalytics });
    const { router } = renderApp(`/survey-templates/${versionId}/responses`);
    const card = within(await screen.findByRole('region', { name: 'Comments: Served by' }));
    expect(card.getByText('4 answers · Sentiment')).toBeInTheDocument();
    expect(card.getByText('50%')).toBeInTheDocument();
    const keywords = card.getByRole('table', { name: /Top keywords of Served by/ });
    const rows = within(keywords)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Keyword', 'Answers', 'Average score'],
      ['delivery', '3', '43%'],
      ['staff', '1', 'No score'],
    ]);

    await setupUser().click(card.getByRole('link', { name: 'slow delivery' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('tab')).toBe('survey-responses');
    expect(JSON.parse(params.get('filters') ?? '')).toEqual({
      logic: 'AND',
      filters: [{ field: `textKeyword.${textId}`, operator: 'contains', value: 'slow delivery' }],
    });
    expect(await screen.findByText('Served by keyword contains slow delivery')).toBeInTheDocument();
    expect(listCalls.at(-1)?.filters).toContain('textKeyword');
  });

  it('shows a text answer’s sentiment on the response detail', async () => {
    mockResponsesServer({ textSentiments: { sentiments: [{ questionId: textId, sentiment: 'negative' }] } });
    renderApp(`/survey-templates/${versionId}/responses/${surveyId}`);
    expect(await screen.findByText('Sentiment: Negative')).toBeInTheDocument();
  });
});
