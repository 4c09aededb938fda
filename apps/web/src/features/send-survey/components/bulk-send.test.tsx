import type { BulkSendSurveysInput } from '@graphium/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { fakeBulk, mockSendingServer, templateUrl, versionId } from './send-survey-fixtures';

async function openBulk() {
  const user = setupUser();
  renderApp(templateUrl);
  await user.click(await screen.findByRole('button', { name: 'Send Survey' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Send Survey' }));
  await user.click(dialog.getByRole('tab', { name: 'Send to many (CSV)' }));
  const upload = (text: string) =>
    user.upload(dialog.getByLabelText('CSV file'), new File([text], 'people.csv', { type: 'text/csv' }));
  return { user, dialog, upload };
}

const bulkCalls = (calls: { url: string; body: unknown }[]) =>
  calls.filter((call) => call.url === '/surveys/bulk').map((call) => call.body as BulkSendSurveysInput);

describe('Bulk send', () => {
  it('previews per-row problems from a dry run, sends, and reports created and failed rows', async () => {
    const calls = mockSendingServer({ post: { '/surveys/bulk': fakeBulk } });
    const { user, dialog, upload } = await openBulk();
    expect(dialog.getByRole('link', { name: 'Download template CSV' })).toHaveAttribute(
      'download',
      'survey-recipients.csv',
    );

    await upload(
      'email,phone,First name\nada@example.com,,Ada\nnot-an-email,,Bob\ngrace@example.com,5551234567,Grace\n',
    );
    const preview = within(await dialog.findByRole('table', { name: 'Preview of the file' }));
    expect(preview.getAllByRole('row')).toHaveLength(4);
    expect(preview.getByRole('row', { name: /^2 not-an-email/ })).toHaveTextContent(
      'email: Invalid email format',
    );
    expect(preview.getByRole('row', { name: /^1 ada@example.com/ })).toHaveTextContent('Ready');
    expect(dialog.getByText('2 ready to send, 1 with problems (they will be skipped).')).toBeInTheDocument();
    expect(bulkCalls(calls)).toEqual([
      {
        surveyTemplateVersionId: versionId,
        dryRun: true,
        rowOffset: 0,
        rows: [
          { emailAddress: 'ada@example.com', phoneNumber: '', properties: { 'First name': 'Ada' } },
          { emailAddress: 'not-an-email', phoneNumber: '', properties: { 'First name': 'Bob' } },
          {
            emailAddress: 'grace@example.com',
            phoneNumber: '5551234567',
            properties: { 'First name': 'Grace' },
          },
        ],
      },
    ]);

    await user.click(dialog.getByRole('button', { name: 'Send to 2 valid rows' }));
    expect(await dialog.findByText('Bulk send finished')).toBeInTheDocument();
    expect(dialog.getByText('2 surveys created, 1 row failed.')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Bulk send progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(
      within(dialog.getByRole('region', { name: 'Failed rows' })).getByText(/Invalid email format/),
    ).toHaveTextContent('Row 2: email: Invalid email format');
    expect(bulkCalls(calls).at(-1)).toMatchObject({ dryRun: false, rowOffset: 0 });
    expect(await screen.findByText('2 surveys sent.')).toBeInTheDocument();
  });

  it('sends in parts of 1,000 rows with the row offset, shows the progress, and reports a failed part', async () => {
    let sends = 0;
    const calls = mockSendingServer({
      post: {
        '/surveys/bulk': (body) => {
          const input = body as BulkSendSurveysInput;
          if (input.dryRun) return fakeBulk(body);
          sends += 1;
          if (sends === 2) throw apiError(500, { error: 'INTERNAL', message: 'Database unavailable' });
          return fakeBulk(body);
        },
      },
    });
    const { user, dialog, upload } = await openBulk();
    const rows = Array.from({ length: 2500 }, (_, index) => `p${index}@example.com`);
    await upload(`email\n${rows.join('\n')}\n`);
    await dialog.findByText('2,500 ready to send.');
    expect(bulkCalls(calls).map((call) => [call.dryRun, call.rowOffset, call.rows.length])).toEqual([
      [true, 0, 1000],
      [true, 1000, 1000],
      [true, 2000, 500],
    ]);

    await user.click(dialog.getByRole('button', { name: 'Send to 2,500 valid rows' }));
    expect(await dialog.findByText('Bulk send finished')).toBeInTheDocument();
    expect(
      bulkCalls(calls)
        .slice(3)
        .map((call) => [call.dryRun, call.rowOffset]),
    ).toEqual([
      [false, 0],
      [false, 1000],
      [false, 2000],
    ]);
    expect(dialog.getByText('1,500 surveys created, 1,000 rows failed.')).toBeInTheDocument();
    const failedRows = within(dialog.getByRole('region', { name: 'Failed rows' })).getAllByRole('listitem');
    expect(failedRows).toHaveLength(200);
    expect(failedRows[0]).toHaveTextContent('Row 1001: Not sent: Database unavailable');
    expect(dialog.getByText('and 800 more rows')).toBeInTheDocument();
  });

  it('shows the progress bar while a part is on its way', async () => {
    let release: () => void = () => undefined;
    mockSendingServer({
      post: {
        '/surveys/bulk': async (body) => {
          if (!(body as BulkSendSurveysInput).dryRun)
            await new Promise<void>((resolve) => (release = resolve));
          return fakeBulk(body);
        },
      },
    });
    const { user, dialog, upload } = await openBulk();
    await upload('email\nada@example.com\n');
    await user.click(await dialog.findByRole('button', { name: 'Send to 1 valid row' }));
    const progress = await dialog.findByRole('progressbar', { name: 'Bulk send progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '1');
    release();
    expect(await dialog.findByText('1 survey created.')).toBeInTheDocument();
  });

  it('refuses a file of more than 10,000 rows before sending anything', async () => {
    const calls = mockSendingServer({ post: { '/surveys/bulk': fakeBulk } });
    const { dialog, upload } = await openBulk();
    await upload(
      `email\n${Array.from({ length: 10_001 }, (_, index) => `p${index}@example.com`).join('\n')}`,
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This file has 10,001 rows. You can send at most 10,000 surveys at a time. Split the file and send it in parts.',
    );
    expect(bulkCalls(calls)).toEqual([]);
  });
});
