import type { Contact, ContactDetail, ContactImport } from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';

afterEach(() => {
  vi.restoreAllMocks();
});

const contactId = '2b1c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const importId = '3c2d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    contactId,
    emailAddress: 'grace@example.com',
    phoneNumber: '5550102000',
    name: 'Grace Hopper',
    attributes: { plan: 'Pro' },
    lastSurveyedAt: '2026-04-15T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-04-15T10:00:00.000Z',
    ...overrides,
  };
}

function buildImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return {
    importId,
    status: 'uploaded',
    fileName: 'people.csv',
    headers: ['Email', 'Notes'],
    mapping: null,
    totalRows: 2,
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    rejectedCount: 0,
    rejectedRows: [],
    createdAt: '2026-04-15T10:00:00.000Z',
    finishedAt: null,
    failureReason: null,
    ...overrides,
  };
}

const common = (role: 'admin' | 'editor' | 'viewer' = 'editor') => ({
  '/accounts/startup': () => buildStartup({ role }),
  '/workspace/notification-settings': () => ({
    slackWebhookUrl: null,
    quietHoursStart: '21:00',
    quietHoursEnd: '08:00',
    timeZone: 'UTC',
    phoneCountry: 'US',
  }),
  '/workspace/contact-settings': () => ({ fatigueDays: 30 }),
  '/contacts/attributes': () => ({ attributes: [] }),
  '/contacts/segments': () => ({ segments: [] }),
  '/contacts/recurring-sends': () => ({ recurringSends: [] }),
  '/survey-templates/': () => [],
  '/contacts': () => ({ contacts: [buildContact()], total: 1, page: 1, limit: 25 }),
});

describe('Contacts directory (decision 038)', () => {
  it('lists contacts with their formatted phone and links to each one', async () => {
    mockApi({ get: common() });
    renderApp('/contacts');
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/contacts/${contactId}`,
    );
    expect(within(rows[1]!).getByText('(555) 010-2000')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
  });

  it('keeps the writing actions visible for a viewer, with the reason', async () => {
    mockApi({ get: common('viewer') });
    renderApp('/contacts');
    await screen.findByRole('table', { name: 'Contacts' });
    for (const name of ['Add Contact', 'Import CSV', 'Add Attribute']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getByLabelText('Days between surveys')).toBeDisabled();
  });

  it('adds a contact and shows the server’s field message when it refuses', async () => {
    const calls = mockApi({
      get: common(),
      post: {
        '/contacts': () => {
          throw apiError(400, {
            error: 'VALIDATION',
            message: 'Invalid phone number',
            details: { phoneNumber: 'Invalid phone number. Please enter a valid 10-digit phone number.' },
          });
        },
      },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    await user.type(within(dialog).getByLabelText('Email Address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Phone Number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    expect(
      await within(dialog).findByText('Invalid phone number. Please enter a valid 10-digit phone number.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'post')?.body).toMatchObject({
      emailAddress: 'ada@example.com',
      phoneNumber: '12345',
    });
  });

  it('imports a CSV file: preview, mapping, progress and the report', async () => {
    let current = buildImport();
    const calls = mockApi({
      get: { ...common(), [`/contacts/imports/${importId}`]: () => current },
      post: {
        '/contacts/imports': () => ({
          import: current,
          sampleRows: [['ada@example.com', 'vip']],
          suggestedMapping: { Email: 'emailAddress', Notes: '' },
        }),
        [`/contacts/imports/${importId}/start`]: () => {
          current = buildImport({
            status: 'finished',
            processedRows: 2,
            createdCount: 1,
            rejectedCount: 1,
            rejectedRows: [{ row: 2, errors: { Email: 'Enter a valid e-mail address' } }],
          });
          return { ...current, status: 'running', processedRows: 0 };
        },
      },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Contacts' });
    await user.upload(
      within(dialog).getByLabelText('CSV File'),
      new File(['Email,Notes\nada@example.com,vip\nnope,x\n'], 'people.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByLabelText('Field for column Email')).toHaveValue('emailAddress');
    await user.selectOptions(within(dialog).getByLabelText('Field for column Notes'), 'name');
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 Rows' }));
    expect(calls.find((call) => call.url.endsWith('/start'))?.body).toEqual({
      mapping: { Email: 'emailAddress', Notes: 'name' },
    });
    expect(calls.find((call) => call.url === '/contacts/imports')?.body).toMatchObject({
      fileName: 'people.csv',
    });
    await waitFor(() => expect(within(dialog).getByText('Import finished')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(within(dialog).getByText(/1 contacts created, 0 updated, 1 rows rejected/)).toBeInTheDocument();
    expect(within(dialog).getByText('Email: Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('shows why an import failed and retries it until it finishes', async () => {
    const reason =
      'The import stopped after 3 failed attempts: the database could not be reached. Retry it to go on from where it stopped.';
    let current = buildImport();
    const calls = mockApi({
      get: { ...common(), [`/contacts/imports/${importId}`]: () => current },
      post: {
        '/contacts/imports': () => ({
          import: current,
          sampleRows: [['ada@example.com', 'vip']],
          suggestedMapping: { Email: 'emailAddress', Notes: '' },
        }),
        [`/contacts/imports/${importId}/start`]: () => {
          current = buildImport({
            status: 'failed',
            failureReason: reason,
            finishedAt: '2026-04-15T10:01:00.000Z',
          });
          return { ...current, status: 'running', failureReason: null, finishedAt: null };
        },
        [`/contacts/imports/${importId}/retry`]: () => {
          current = buildImport({ status: 'finished', processedRows: 2, createdCount: 2 });
          return { ...current, status: 'running', processedRows: 0 };
        },
      },
    });
    renderApp('/contacts');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Contacts' });
    await user.upload(
      within(dialog).getByLabelText('CSV File'),
      new File(['Email,Notes\nada@example.com,vip\nbob@example.com,x\n'], 'people.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 Rows' }));
    expect(await within(dialog).findByText(reason, {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry Import' }));
    expect(calls.some((call) => call.url === `/contacts/imports/${importId}/retry`)).toBe(true);
    await waitFor(() => expect(within(dialog).getByText('Import finished')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(within(dialog).queryByRole('button', { name: 'Retry Import' })).not.toBeInTheDocument();
  });
});

describe('Contact page (decision 038)', () => {
  it('shows the contact, their suppression and their surveys with scores and cases', async () => {
    const detail: ContactDetail = {
      contact: buildContact(),
      surveys: [
        {
          surveyId: '4d3e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
          surveyTemplateId: '5e4f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
          surveyTemplateVersionId: '6f5a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c',
          surveyTemplateName: 'Service visit',
          surveyState: 'COMPLETE',
          surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'grace@example.com' }],
          sentAt: '2026-04-15T10:00:00.000Z',
          completedAt: '2026-04-15T11:00:00.000Z',
          compositePercentage: 42.4,
          questionScores: [],
          cases: [
            {
              caseId: '7a6b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
              status: 'open',
              openedAt: '2026-04-15T11:00:00.000Z',
            },
          ],
        },
      ],
      suppressions: [
        { contact: 'grace@example.com', reason: 'unsubscribed', createdAt: '2026-04-16T10:00:00.000Z' },
      ],
    };
    mockApi({ get: { ...common(), [`/contacts/${contactId}`]: () => detail } });
    renderApp(`/contacts/${contactId}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Suppressed (unsubscribed)')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Surveys sent to this contact' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Service visit' })).toHaveAttribute(
      'href',
      '/survey-templates/6f5a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c/responses/4d3e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
    );
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('42%')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/alerts/cases/7a6b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
    );
  });

  it('says when the contact does not exist', async () => {
    mockApi({ get: common() });
    renderApp(`/contacts/${contactId}`);
    expect(await screen.findByText('Contact not found')).toBeInTheDocument();
  });
});
