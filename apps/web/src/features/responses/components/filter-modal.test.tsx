import { surveyDefinitionSchema } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  mockResponsesServer,
  northItemId,
  npsId,
  pagedList,
  storeId,
  versionId,
} from './responses-fixtures';

const listUrl = `/survey-templates/${versionId}/responses?tab=survey-responses`;

function sentFilters(params: Record<string, string> | undefined) {
  return params?.filters ? JSON.parse(params.filters) : undefined;
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Filter/ }));
  return within(await screen.findByRole('dialog', { name: 'Filter Responses' }));
}

describe('Filter Responses modal (docs/product-rules.md#responses-list-filters-paging-export)', () => {
  it('adds status and question filters, clamps numbers and replaces a filter of the same id', async () => {
    mockResponsesServer({ list: pagedList(5) });
    renderApp(listUrl);
    const user = setupUser();
    await screen.findByText('person1@example.com');
    const modal = await openModal(user);

    const addStatus = modal.getByRole('button', { name: 'Add Status Filter' });
    expect(addStatus).toBeDisabled();
    await user.selectOptions(modal.getByLabelText('Status'), 'COMPLETE');
    await user.click(addStatus);

    await user.selectOptions(modal.getByLabelText('Question'), npsId);
    expect(modal.getByLabelText('Question operator')).toHaveValue('equals');
    const answer = modal.getByLabelText('Answer (0 to 10)');
    await user.type(answer, '15');
    expect(answer).toHaveValue(10);
    await user.selectOptions(modal.getByLabelText('Question operator'), 'gte');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));
    expect(modal.getByText('Recommend greater than or equal to 10')).toBeInTheDocument();

    // The same question again replaces its filter instead of adding a second one.
    await user.type(modal.getByLabelText('Answer (0 to 10)'), '8');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));
    expect(modal.queryByText('Recommend greater than or equal to 10')).not.toBeInTheDocument();
    expect(modal.getByText('Recommend greater than or equal to 8')).toBeInTheDocument();

    // A status of another value replaces the status filter too.
    await user.selectOptions(modal.getByLabelText('Status operator'), 'is_not');
    await user.selectOptions(modal.getByLabelText('Status'), 'SENT');
    await user.click(modal.getByRole('button', { name: 'Add Status Filter' }));
    const draft = within(modal.getByRole('region', { name: 'Filters to apply' }));
    expect(draft.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Status is not Pending',
      'Recommend greater than or equal to 8',
    ]);
  });

  it('applies the filters from page 1, shows them as chips and removes them', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(80) });
    const { router } = renderApp(`${listUrl}&page=3`);
    const user = setupUser();
    await screen.findByText('Showing 51 to 75 of 80 results');
    const modal = await openModal(user);
    await user.selectOptions(modal.getByLabelText('Status operator'), 'is_not');
    await user.selectOptions(modal.getByLabelText('Status'), 'SENT');
    await user.click(modal.getByRole('button', { name: 'Add Status Filter' }));
    await user.selectOptions(modal.getByLabelText('Question'), npsId);
    await user.selectOptions(modal.getByLabelText('Question operator'), 'gte');
    await user.type(modal.getByLabelText('Answer (0 to 10)'), '8');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));

    await user.click(modal.getByRole('button', { name: 'Apply Filters (2)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('page')).toBeNull();
    await waitFor(() =>
      expect(sentFilters(listCalls.at(-1))).toEqual({
        logic: 'AND',
        filters: [
          { field: 'surveyState', operator: 'is_not', value: 'SENT' },
          { field: `surveyResponses.${npsId}`, operator: 'gte', value: 8 },
        ],
      }),
    );
    expect(listCalls.at(-1)?.page).toBe('1');

    const chips = within(screen.getByRole('region', { name: 'Active filters' }));
    await user.click(chips.getByRole('button', { name: 'Remove filter Status is not Pending' }));
    await waitFor(() =>
      expect(sentFilters(listCalls.at(-1))?.filters).toEqual([
        { field: `surveyResponses.${npsId}`, operator: 'gte', value: 8 },
      ]),
    );
    await user.click(chips.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(listCalls.at(-1)).not.toHaveProperty('filters'));
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });

  it('needs a non-empty contact value and never sends an empty filter', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(5) });
    renderApp(listUrl);
    const user = setupUser();
    await screen.findByText('person1@example.com');
    const modal = await openModal(user);
    const add = modal.getByRole('button', { name: 'Add Contact Filter' });
    expect(add).toBeDisabled();
    await user.type(modal.getByLabelText('Contact value'), '   ');
    expect(add).toBeDisabled();
    await user.clear(modal.getByLabelText('Contact value'));
    await user.selectOptions(modal.getByLabelText('Contact field'), 'phone');
    await user.selectOptions(modal.getByLabelText('Contact operator'), 'starts_with');
    await user.type(modal.getByLabelText('Contact value'), '555');
    await user.click(add);
    expect(modal.getByText('Phone starts with 555')).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Add Question Filter' })).toBeDisabled();
    await user.click(modal.getByRole('button', { name: 'Apply Filters (1)' }));
    await waitFor(() =>
      expect(sentFilters(listCalls.at(-1))?.filters).toEqual([
        { field: 'surveyContactMethods.phoneNumber', operator: 'starts_with', value: '555' },
      ]),
    );
  });

  it('offers a list-based question its active items and shows the chosen one by label', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(5) });
    renderApp(listUrl);
    const user = setupUser();
    await screen.findByText('person1@example.com');
    const modal = await openModal(user);
    await user.selectOptions(modal.getByLabelText('Question'), storeId);
    expect(
      within(modal.getByLabelText('Question operator'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['is', 'is not']);
    const answer = modal.getByLabelText('Answer');
    await waitFor(() =>
      expect(
        within(answer)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select an answer', 'North']),
    );
    await user.selectOptions(answer, northItemId);
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));
    await user.click(modal.getByRole('button', { name: 'Apply Filters (1)' }));
    expect(await screen.findByText('Store is North')).toBeInTheDocument();
    expect(sentFilters(listCalls.at(-1))?.filters).toEqual([
      { field: `surveyResponses.${storeId}`, operator: 'is', value: northItemId },
    ]);
  });

  it('drops the draft on Cancel', async () => {
    const { listCalls } = mockResponsesServer({ list: pagedList(5) });
    renderApp(listUrl);
    const user = setupUser();
    await screen.findByText('person1@example.com');
    const calls = listCalls.length;
    let modal = await openModal(user);
    await user.selectOptions(modal.getByLabelText('Status'), 'COMPLETE');
    await user.click(modal.getByRole('button', { name: 'Add Status Filter' }));
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listCalls.length).toBe(calls);
    modal = await openModal(user);
    expect(modal.getByText('No filters: every response is shown.')).toBeInTheDocument();
  });
});

describe('Filter Responses for the added question types (decision 027)', () => {
  it('offers a date input, the matrix mean, ranked-first options and consent', async () => {
    const extra = surveyDefinitionSchema.parse({
      questions: [
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          type: 'DateEntry',
          question: 'When?',
          label: 'Visit date',
        },
        {
          id: '00000000-0000-4000-8000-0000000000d2',
          type: 'Matrix',
          question: 'Agree?',
          label: 'Visit',
          rows: [{ id: 'staff', text: 'Friendly staff' }],
          columns: ['No', 'Maybe', 'Yes'],
        },
        {
          id: '00000000-0000-4000-8000-0000000000d3',
          type: 'Ranking',
          question: 'Order?',
          label: 'Priorities',
          answerOptions: ['Price', 'Speed'],
        },
        {
          id: '00000000-0000-4000-8000-0000000000d4',
          type: 'Consent',
          question: 'Contact?',
          label: 'Contact',
          consentText: 'Yes',
        },
      ],
    });
    const version = { ...buildVersion(), surveyTemplateDefinition: extra };
    mockResponsesServer({ version, list: pagedList(5) });
    renderApp(listUrl);
    const user = setupUser();
    await screen.findByText('person1@example.com');
    const modal = await openModal(user);

    await user.selectOptions(modal.getByLabelText('Question'), '00000000-0000-4000-8000-0000000000d1');
    expect(modal.getByLabelText('Answer')).toHaveAttribute('type', 'date');
    await user.selectOptions(modal.getByLabelText('Question operator'), 'gt');
    await user.type(modal.getByLabelText('Answer'), '2026-03-01');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));

    await user.selectOptions(modal.getByLabelText('Question'), '00000000-0000-4000-8000-0000000000d2');
    await user.type(modal.getByLabelText('Mean of the statements (1 to 3)'), '7');
    expect(modal.getByLabelText('Mean of the statements (1 to 3)')).toHaveValue(3);
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));

    await user.selectOptions(modal.getByLabelText('Question'), '00000000-0000-4000-8000-0000000000d3');
    await user.selectOptions(modal.getByLabelText('Answer'), 'Speed');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));

    await user.selectOptions(modal.getByLabelText('Question'), '00000000-0000-4000-8000-0000000000d4');
    await user.selectOptions(modal.getByLabelText('Answer'), 'true');
    await user.click(modal.getByRole('button', { name: 'Add Question Filter' }));

    const draft = within(modal.getByRole('region', { name: 'Filters to apply' }));
    expect(draft.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Visit date greater than 2026-03-01',
      'Visit equals 3',
      'Priorities is Speed (ranked first)',
      'Contact is Consent given',
    ]);
  });
});
