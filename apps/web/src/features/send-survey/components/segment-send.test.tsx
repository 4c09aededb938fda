import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import { mockSendingServer, templateUrl, versionId } from './send-survey-fixtures';

const segmentId = 'b1b2c3d4-0000-4000-8000-000000000401';

describe('Send to a segment (decision 038)', () => {
  it('checks the segment first (the fatigue rule counted), then sends to its members', async () => {
    const calls = mockSendingServer({
      get: {
        '/contacts/segments': () => ({
          segments: [
            {
              segmentId,
              name: 'Detractors',
              filter: { conditions: [{ kind: 'nps', category: 'detractor', days: 90 }] },
              memberCount: 3,
              createdAt: '2026-06-01T09:00:00.000Z',
              updatedAt: '2026-06-01T09:00:00.000Z',
            },
          ],
        }),
      },
      post: {
        '/surveys/segment': (body) => {
          const isDryRun = (body as { dryRun?: boolean }).dryRun === true;
          return {
            dryRun: isDryRun,
            rowCount: 3,
            validRowCount: 2,
            created: isDryRun ? 0 : 2,
            failed: [
              {
                row: 2,
                errors: {
                  fatigue:
                    'Surveyed on 05/01/2026: this workspace surveys a contact at most once every 30 days.',
                },
              },
            ],
          };
        },
      },
    });
    const user = setupUser();
    renderApp(templateUrl);
    await user.click(await screen.findByRole('button', { name: 'Send Survey' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send Survey' }));
    await user.click(dialog.getByRole('tab', { name: 'Send to a segment' }));
    await user.selectOptions(await dialog.findByLabelText('Segment'), segmentId);
    await user.click(dialog.getByRole('button', { name: 'Check Segment' }));
    expect(
      await dialog.findByText(
        /2 will be sent the survey, 1 skipped \(1 surveyed too recently for the fatigue rule\)/,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText(/Surveyed on 05\/01\/2026/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send 2 Surveys' }));
    expect(await dialog.findByText('Surveys sent')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/surveys/segment').map((call) => call.body)).toEqual([
      { surveyTemplateVersionId: versionId, segmentId, dryRun: true },
      { surveyTemplateVersionId: versionId, segmentId, dryRun: false },
    ]);
  });
});
