import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { BenchmarkValue } from './question-scores-table';
import { buildSummary, mockResponsesServer, templateId, versionId } from './responses-fixtures';

const summaryUrl = `/survey-templates/${versionId}/responses`;

function scoreRows() {
  const table = screen.getByRole('table', { name: 'Question Scores' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Responses summary', () => {
  it('shows totals, the response rate and question scores without a benchmark column', async () => {
    const summary = buildSummary();
    const { listCalls } = mockResponsesServer({
      list: () => ({ surveys: [], summary, pagination: { page: 1, limit: 10, total: 32, totalPages: 4 } }),
    });
    renderApp(summaryUrl);

    const total = within(await screen.findByRole('region', { name: 'Total Responses' }));
    expect(total.getByText('20')).toBeInTheDocument();
    const rate = within(screen.getByRole('region', { name: 'Response Rate' }));
    expect(rate.getByText('63%')).toBeInTheDocument();
    expect(rate.getByText('20 completed of 32 sent')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Composite Score' })).getByText('Very Good'),
    ).toBeInTheDocument();
    expect(listCalls[0]).toMatchObject({ surveyTemplateId: templateId, include: 'summary' });
    expect(listCalls[0]).not.toHaveProperty('filters');

    expect(scoreRows()).toEqual([
      ['Question', 'Responses', 'Average Score'],
      ['RecommendHow likely are you to recommend us?', '20', '83%'],
      ['ServiceHow was the service?', '18', '75%'],
      ['BoughtWhat did you buy?', '20', 'Tyres: 8 (40%)'],
      ['Served byWho served you?', '15', 'Free-text answers'],
    ]);
    // In the table: the trend chart may show the same figures once its module has loaded.
    const scores = within(screen.getByRole('table', { name: 'Question Scores' }));
    expect(scores.getByText('83%')).toHaveClass('text-green-700');
    expect(scores.getByText('75%')).toHaveClass('text-amber-700');
    expect(screen.queryByText('Overall Benchmark')).not.toBeInTheDocument();
  });

  it('adds the Overall Benchmark with arrows from 1 point on, or Not enough data yet', async () => {
    mockResponsesServer({
      version: undefined,
      list: () => ({
        surveys: [],
        summary: buildSummary({ hasBaseTemplate: true }),
        pagination: { page: 1, limit: 10, total: 32, totalPages: 4 },
      }),
    });
    renderApp(summaryUrl);
    await screen.findByRole('table', { name: 'Question Scores' });
    const rows = scoreRows();
    expect(rows[0]).toEqual(['Question', 'Responses', 'Average Score', 'Overall Benchmark']);
    // 83 against 79.5: 3.5 points above.
    expect(rows[1]?.[3]).toBe('80%Above the benchmark by3.5 pts');
    expect(rows[2]?.[3]).toBe('Not enough data yet');
    expect(rows[3]?.[3]).toBe('Not scored');
    // The composite 81.4 against 77: 4.4 points above.
    expect(
      within(screen.getByRole('region', { name: 'Composite Score' })).getByText('Above the benchmark by'),
    ).toBeInTheDocument();
  });

  it('shows each NPS with promoter, passive and detractor shares, and the charts with their data', async () => {
    mockResponsesServer({
      list: () => ({
        surveys: [],
        summary: buildSummary(),
        pagination: { page: 1, limit: 10, total: 32, totalPages: 4 },
      }),
    });
    renderApp(summaryUrl);
    const nps = within(await screen.findByRole('region', { name: 'Net Promoter Score: Recommend' }));
    expect(nps.getByText('+40')).toBeInTheDocument();
    const shares = nps.getAllByRole('definition').map((item) => item.textContent);
    expect(shares).toEqual(['60% (12)', '20% (4)', '20% (4)']);

    const trend = screen.getByRole('figure', {
      name: 'Mean composite score of the surveys completed each week',
    });
    expect(within(trend).getByRole('table').textContent).toContain('03/03/202584% (12 responses)');
    const bought = screen.getByRole('figure', { name: 'Bought' });
    expect(
      within(bought)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['AnswerResponses', 'Tyres8', 'Oil5']);
    expect(screen.queryByRole('figure', { name: 'Served by' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading chart...')).not.toBeInTheDocument());
  });

  it('asks for the summary with the filters and the date range in the URL, shown as chips', async () => {
    const { listCalls } = mockResponsesServer({
      list: () => ({
        surveys: [],
        summary: buildSummary(),
        pagination: { page: 1, limit: 10, total: 32, totalPages: 4 },
      }),
    });
    const filters = JSON.stringify({
      logic: 'AND',
      filters: [{ field: 'surveyState', operator: 'is', value: 'COMPLETE' }],
    });
    renderApp(`${summaryUrl}?filters=${encodeURIComponent(filters)}&from=2026-01-05`);
    await screen.findByRole('region', { name: 'Total Responses' });
    expect(listCalls[0]).toMatchObject({ include: 'summary', filters });
    expect(listCalls[0]).toHaveProperty('sentFrom');
    const chips = within(screen.getByRole('region', { name: 'Active filters' }));
    expect(chips.getByText('Status is Completed')).toBeInTheDocument();
  });

  it('switches to Survey Responses through the query string', async () => {
    mockResponsesServer({
      list: (params) => ({
        surveys: [],
        summary: params.include === 'summary' ? buildSummary() : null,
        pagination: { page: 1, limit: 25, total: 0, totalPages: 0 },
      }),
    });
    const { router } = renderApp(summaryUrl);
    const user = setupUser();
    const views = within(await screen.findByRole('navigation', { name: 'Responses views' }));
    expect(views.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    await user.click(views.getByRole('link', { name: 'Survey Responses' }));
    expect(router.state.location.search).toBe('?tab=survey-responses');
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
    await user.click(views.getByRole('link', { name: 'Summary' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the load error with Unknown error when the server gives no message', async () => {
    mockResponsesServer({
      list: () => {
        throw apiError(400);
      },
    });
    renderApp(summaryUrl);
    expect(await screen.findByText('Error loading survey responses: Unknown error')).toBeInTheDocument();
  });

  it.each([
    [80, 79.2, '79%'],
    [78, 80, '80%Below the benchmark by2.0 pts'],
    [81, 80, '80%Above the benchmark by1.0 pts'],
    [50, null, 'Not enough data yet'],
  ])('shows %d against the benchmark %s as "%s"', (value, benchmark, text) => {
    const { container } = render(
      <BenchmarkValue value={value} benchmark={benchmark === null ? null : { percentage: benchmark }} />,
    );
    expect(container.textContent).toBe(text);
  });
});
