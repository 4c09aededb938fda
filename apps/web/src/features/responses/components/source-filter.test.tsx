import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildRow, mockResponsesServer, versionId } from './responses-fixtures';

const listUrl = `/survey-templates/${versionId}/responses?tab=survey-responses`;
const linkId = 'a1b2c3d4-0000-4000-8000-0000000000aa';

describe('responses from public links (decision 024)', () => {
  it("shows each response's source and filters by it", async () => {
    const { listCalls } = mockResponsesServer({
      links: [{ publicLinkId: linkId, name: 'Poster' }],
      list: (params) => ({
        surveys: [
          buildRow(1, { surveyContactMethods: [], source: { publicLinkId: linkId, name: 'Poster' } }),
          buildRow(2),
        ],
        summary: null,
        pagination: { page: Number(params.page ?? 1), limit: 25, total: 2, totalPages: 1 },
      }),
    });
    renderApp(listUrl);
    const user = setupUser();
    const table = within(await screen.findByRole('table', { name: 'Survey responses' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toContain('Source');
    const fromLink = within(table.getByRole('row', { name: /Anonymous/ }));
    expect(fromLink.getByText('Poster')).toBeInTheDocument();
    expect(table.getAllByText('Sent')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const modal = within(await screen.findByRole('dialog', { name: 'Filter Responses' }));
    await user.selectOptions(modal.getByLabelText('Source'), 'Poster');
    await user.click(modal.getByRole('button', { name: 'Add Source Filter' }));
    expect(modal.getByText('Source is Poster')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: /^Apply Filters/ }));
    await waitFor(() =>
      expect(JSON.parse(listCalls.at(-1)?.filters ?? '{}')).toEqual({
        logic: 'AND',
        filters: [{ field: 'source', operator: 'is', value: linkId }],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Remove filter Source is Poster' })).toBeInTheDocument();
  });
});
