import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responseKeys } from '@/features/responses/api/query-keys';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  delivery,
  fakeBulk,
  mockSendingServer,
  sentSurvey,
  templateId,
  templateUrl,
} from './send-survey-fixtures';

/** The Responses tab's list as it was read before the send. */
const responsesKey = responseKeys.list({
  surveyTemplateId: templateId,
  page: 1,
  limit: 25,
  filters: [],
  include: 'surveys',
});

async function openDialog() {
  const user = setupUser();
  const { queryClient } = renderApp(templateUrl);
  queryClient.setQueryData(responsesKey, { rows: [], total: 0 });
  await user.click(await screen.findByRole('button', { name: 'Send Survey' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Send Survey' }));
  return { user, dialog, queryClient };
}

describe('after a send, the Responses tab', () => {
  it('reads its list again instead of waiting out its freshness (one survey)', async () => {
    mockSendingServer({ post: { '/surveys/': () => sentSurvey([delivery()]) } });
    const { user, dialog, queryClient } = await openDialog();
    expect(queryClient.getQueryState(responsesKey)?.isInvalidated).toBe(false);
    await user.type(dialog.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(dialog.getByLabelText(/^First name/), 'Ada');
    await user.selectOptions(await dialog.findByLabelText(/^Store/), 'North Road');
    await user.click(dialog.getByRole('button', { name: 'Send Survey' }));
    await waitFor(() => expect(queryClient.getQueryState(responsesKey)?.isInvalidated).toBe(true));
  });

  it('reads its list again after a bulk send', async () => {
    mockSendingServer({ post: { '/surveys/bulk': fakeBulk } });
    const { user, dialog, queryClient } = await openDialog();
    await user.click(dialog.getByRole('tab', { name: 'Send to many (CSV)' }));
    await user.upload(
      dialog.getByLabelText('CSV file'),
      new File(['email,First name\nada@example.com,Ada\n'], 'people.csv', { type: 'text/csv' }),
    );
    await user.click(await dialog.findByRole('button', { name: 'Send to 1 valid row' }));
    expect(await dialog.findByText('Bulk send finished')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(responsesKey)?.isInvalidated).toBe(true));
  });
});
