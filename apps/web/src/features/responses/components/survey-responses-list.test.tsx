import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { apiError } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildRow,
  failedMessage,
  mockResponsesServer,
  npsId,
  pagedList,
  templateId,
  versionId,
} from './responses-fixtures';

const listUrl = `/survey-templates/${versionId}/responses?tab=survey-responses`;

function rows() {
  const table = screen.getByRole('table', { name: 'Survey responses' });
  return within(table).getAllByRole('row').slice(1);
}

describe('Survey Responses list', () => {
  it('shows respondent, dates, status badge and composite score dots or No score', async () => {
    mockResponsesServer({
      list: () => ({
        surveys: [
          buildRow(1),
          buildRow(2, {
            surveyState: 'OPENED',
            lastOpenedAt: null,
            completedAt: null,
            surveyContactMethods: [
              { contactMethodType: 'phone', phoneNumber: '5551234567' },
              { contactMethodType: 'email', emailAddress: 'other@example.com' },
            ],
            scoring: { overallPercentage: null, questionScores: [], scoredQuestionCount: 0 },
          }),
          buildRow(3, {
            surveyState: 'SENT',
            undelivered: [
              failedMessage(),
              failedMessage({ outboxId: 'd1b2c3d4-0000-4000-8000-000000000002' }),
            ],
            scoring: {
              overallPercentage: 42.6,
              questionScores: [{ questionId: npsId, score: 4, percentage: 40 }],
              scoredQuestionCount: 1,
            },
          }),
        ],
        summary: null,
        pagination: { page: 1, limit: 25, total: 3, totalPages: 1 },
      }),
    });
    renderApp(listUrl);
    expect(await screen.findByText('person1@example.com')).toBeInTheDocument();
    const [first, second, third] = rows().map((row) => within(row));
    expect(first!.getByText(formatDateTime('2025-03-04T15:06:00.000Z')!)).toBeInTheDocument();
    expect(formatDateTime('2025-03-04T15:06:00.000Z')).toMatch(/^03\/04\/2025, \d{1,2}:06 (AM|PM)$/);
    expect(first!.getByText('Completed')).toHaveClass('bg-green-50');
    expect(first!.getByText('85%')).toHaveClass('text-green-700');
    expect(first!.getByText('85%').previousElementSibling?.children).toHaveLength(2);
    expect(second!.getByText('(555) 123-4567 (+1 more)')).toBeInTheDocument();
    expect(second!.getByText('Not opened')).toBeInTheDocument();
    expect(second!.getByText('In Progress')).toHaveClass('bg-amber-50');
    expect(second!.getByText('No score')).toBeInTheDocument();
    expect(third!.getByText('Pending')).toHaveClass('bg-gray-100');
    expect(third!.getByText('43%')).toHaveClass('text-red-700');
    expect(
      third!.getByText('Not delivered: The mail server refused the message: 550 No such user (+1 more)'),
    ).toBeVisible();
    expect(first!.queryByText(/Not delivered/)).not.toBeInTheDocument();
  });

  it('opens a response by row click and by Enter, and goes back to the list as it was', async () => {
    mockResponsesServer({ list: pagedList(60) });
    const { router } = renderApp(`${listUrl}&page=2`);
    const user = setupUser();
    await screen.findByText('person26@example.com');
    await user.click(within(rows()[0]!).getByText('Completed'));
    expect(router.state.location.pathname).toBe(
      `/survey-templates/${versionId}/responses/f1b2c3d4-0000-4000-8000-000000000026`,
    );
    await user.click(await screen.findByRole('link', { name: 'Back to Responses' }));
    expect(router.state.location.search).toBe('?tab=survey-responses&page=2');
    await screen.findByText('person27@example.com');
    rows()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(
      `/survey-templates/${versionId}/responses/f1b2c3d4-0000-4000-8000-000000000027`,
    );
  });

  it('pages through with page and pageSize in the query string, omitted when default', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(120) });
    const { router } = renderApp(listUrl);
    const user = setupUser();
    expect(await screen.findByText('Showing 1 to 25 of 120 results')).toBeInTheDocument();
    expect(listCalls.at(-1)).toMatchObject({
      surveyTemplateId: templateId,
      page: '1',
      limit: '25',
      include: 'surveys',
    });

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=survey-responses&page=5');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '10');
    expect(await screen.findByText('Showing 1 to 10 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=survey-responses&pageSize=10');
    expect(listCalls.at(-1)).toMatchObject({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 20 of 120 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Showing 1 to 10 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=survey-responses&pageSize=10');
  });

  it('says No responses yet without filters, and offers Clear all filters when filters match nothing', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(0) });
    const filters = encodeURIComponent(
      JSON.stringify({ logic: 'AND', filters: [{ field: 'surveyState', operator: 'is', value: 'SENT' }] }),
    );
    const { router } = renderApp(`${listUrl}&filters=${filters}&from=2025-03-01`);
    const user = setupUser();
    expect(await screen.findByText('No responses match your filters')).toBeInTheDocument();
    const chips = within(screen.getByRole('region', { name: 'Active filters' }));
    expect(chips.getByText('Status is Pending')).toBeInTheDocument();
    expect(chips.getByText('Sent from 03/01/2025')).toBeInTheDocument();
    expect(listCalls.at(-1)?.sentFrom).toBe(new Date(2025, 2, 1).toISOString());

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=survey-responses');
    expect(listCalls.at(-1)).not.toHaveProperty('filters');
    expect(listCalls.at(-1)).not.toHaveProperty('sentFrom');
  });

  it('shows the load error with its message', async () => {
    mockResponsesServer({
      list: () => {
        throw apiError(400, { error: 'VALIDATION', message: 'filters is not valid JSON' });
      },
    });
    renderApp(listUrl);
    expect(
      await screen.findByText('Error loading survey responses: filters is not valid JSON'),
    ).toBeInTheDocument();
  });

  it('links the exports to the current filters', async () => {
    mockResponsesServer({ list: pagedList(3) });
    renderApp(`${listUrl}&to=2025-03-31`);
    await screen.findByText('person1@example.com');
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/surveys/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      surveyTemplateId: templateId,
      sentTo: new Date(2025, 3, 1).toISOString(),
      format: 'csv',
    });
    const xlsx = new URL(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')!, 'http://x');
    expect(xlsx.searchParams.get('format')).toBe('xlsx');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('download'));
  });
});
