import type { ImportListItemsResult } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { buildList, listId } from './list-fixtures';

const importUrl = `/lists/${listId}/items/import`;

type ImportBody = { rows: Record<string, string>[]; dryRun: boolean };

function checkRows(
  body: ImportBody,
  rowErrors: ImportListItemsResult['rowErrors'] = [],
): ImportListItemsResult {
  return {
    dryRun: body.dryRun,
    rowCount: body.rows.length,
    validRowCount: body.rows.length - rowErrors.length,
    columns: {},
    columnErrors: {},
    rowErrors,
    importedCount: body.dryRun ? 0 : body.rows.length,
  };
}

async function openImport(post: (body: unknown) => unknown) {
  const calls = mockApi({
    get: { '/accounts/startup': () => buildStartup(), [`/lists/${listId}`]: () => buildList() },
    post: { [importUrl]: post },
  });
  renderApp(`/settings/lists/${listId}/items`);
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Items' });
  const upload = (text: string) =>
    user.upload(
      within(dialog).getByLabelText('CSV File'),
      new File([text], 'stores.csv', { type: 'text/csv' }),
    );
  return { calls, dialog, user, upload };
}

describe('Import items from CSV', () => {
  it('previews the per-row errors of the dry run and writes nothing', async () => {
    const { calls, dialog, upload } = await openImport((body) =>
      checkRows(body as ImportBody, [{ row: 2, errors: { size: 'Head count must be a valid number' } }]),
    );
    await upload('Store code,Head count\nS1,12\nS2,many\n');

    expect(await within(dialog).findByText('Row 2: Head count must be a valid number')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 of 2 rows are valid/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'post').map((call) => call.body)).toEqual([
      {
        rows: [
          { 'Store code': 'S1', 'Head count': '12' },
          { 'Store code': 'S2', 'Head count': 'many' },
        ],
        dryRun: true,
      },
    ]);
    expect(within(dialog).getByRole('cell', { name: 'many' })).toBeInTheDocument();
  });

  it('imports a valid file after the preview, with a progress bar, and closes', async () => {
    let answerImport: (value: ImportListItemsResult) => void = () => undefined;
    const { calls, dialog, user, upload } = await openImport((body) => {
      const parsed = body as ImportBody;
      if (parsed.dryRun) return checkRows(parsed);
      return new Promise<ImportListItemsResult>((resolve) => (answerImport = resolve));
    });
    await upload('\uFEFFStore code , Head count\r\nS1,12\r\nS2,3\r\n\r\n');

    expect(await within(dialog).findByText('2 rows are ready to import')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 Items' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Importing 2 items' })).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'post').at(-1)?.body as ImportBody;
    expect(sent).toEqual({
      rows: [
        { 'Store code': 'S1', 'Head count': '12' },
        { 'Store code': 'S2', 'Head count': '3' },
      ],
      dryRun: false,
    });
    answerImport(checkRows(sent));

    expect(await screen.findByText('2 list items imported successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import Items' })).not.toBeInTheDocument(),
    );
  });

  it('refuses a file of more than 10,000 rows without sending it', async () => {
    const { calls, dialog, upload } = await openImport(() => undefined);
    const rows = Array.from({ length: 10_001 }, (_, index) => `S${index},1`).join('\n');
    await upload(`Store code,Head count\n${rows}\n`);

    expect(
      await within(dialog).findByText(
        'This file has 10,001 rows. You can import at most 10,000 rows at a time. Split the file and import it in parts.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toHaveLength(0);
  });

  it('reports rows the CSV parser cannot read', async () => {
    const { calls, dialog, upload } = await openImport(() => undefined);
    await upload('Store code,Head count\nS1,12,extra\n');

    expect(await within(dialog).findByText('stores.csv cannot be imported')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Row 1: Too many fields/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toHaveLength(0);
  });
});
