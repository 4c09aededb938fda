import {
  contactMethodRequiredMessage,
  invalidEmailMessage,
  invalidPhoneMessage,
  requiredFieldMessage,
} from '@graphium/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-mock';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import {
  delivery,
  itemIds,
  mockSendingServer,
  propertyIds,
  sentSurvey,
  surveyId,
  templateUrl,
  versionId,
} from './send-survey-fixtures';

async function openDialog() {
  const user = setupUser();
  renderApp(templateUrl);
  await user.click(await screen.findByRole('button', { name: 'Send Survey' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Send Survey' }));
  return { user, dialog };
}

/** Fills the required fields with valid values. */
async function fillValid(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText('Email Address'), 'ada@example.com');
  await user.type(dialog.getByLabelText(/^First name/), 'Ada');
  await user.selectOptions(await dialog.findByLabelText(/^Store/), 'North Road');
}

describe('Send Survey dialog', () => {
  it('stays disabled with the reason while the version is not published', async () => {
    mockSendingServer({}, 'DRAFT');
    renderApp(templateUrl);
    const send = await screen.findByRole('button', { name: 'Send Survey' });
    expectBlockedWithReason(send, 'Publish the template before sending it.');
  });

  it('is blocked for a viewer with the reason, even when published', async () => {
    mockSendingServer({ get: { '/accounts/startup': () => buildStartup({ role: 'viewer' }) } });
    renderApp(templateUrl);
    const send = await screen.findByRole('button', { name: 'Send Survey' });
    expectBlockedWithReason(send, "Viewers can't send surveys. Ask an admin for the editor role.");
    await setupUser().click(send);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens for an editor', async () => {
    mockSendingServer({ get: { '/accounts/startup': () => buildStartup({ role: 'editor' }) } });
    renderApp(templateUrl);
    await setupUser().click(await screen.findByRole('button', { name: 'Send Survey' }));
    expect(await screen.findByRole('dialog', { name: 'Send Survey' })).toBeInTheDocument();
  });

  it('checks contact methods with the spec messages and formats phones as typed', async () => {
    mockSendingServer();
    const { user, dialog } = await openDialog();
    expect(dialog.getByRole('heading', { name: 'Contact Methods' })).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Survey Properties' })).toBeInTheDocument();
    const submit = dialog.getByRole('button', { name: 'Send Survey' });
    expect(submit).toBeDisabled();

    const email = dialog.getByLabelText('Email Address');
    await user.click(email);
    await user.tab();
    expect(dialog.getByText(contactMethodRequiredMessage)).toBeInTheDocument();

    await user.type(email, 'ada@example');
    await user.tab();
    expect(dialog.getByText(invalidEmailMessage)).toBeInTheDocument();
    expect(dialog.queryByText(contactMethodRequiredMessage)).not.toBeInTheDocument();

    const phone = dialog.getByLabelText('Phone Number');
    await user.type(phone, '555123');
    await user.tab();
    expect(phone).toHaveValue('(555) 123');
    expect(dialog.getByText(invalidPhoneMessage)).toBeInTheDocument();
    await user.type(phone, '4567');
    expect(phone).toHaveValue('(555) 123-4567');
    expect(dialog.queryByText(invalidPhoneMessage)).not.toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '15551234567');
    expect(phone).toHaveValue('+1 (555) 123-4567');
    expect(submit).toBeDisabled();
  });

  it('adds and removes contact groups, never removing the last one', async () => {
    mockSendingServer();
    const { user, dialog } = await openDialog();
    expect(dialog.queryByRole('button', { name: /^Remove Contact/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add Contact Method' }));
    expect(dialog.getAllByLabelText('Email Address')).toHaveLength(2);
    expect(dialog.getAllByRole('button', { name: /^Remove Contact/ })).toHaveLength(2);
    await user.click(dialog.getByRole('button', { name: 'Remove Contact 1' }));
    expect(dialog.getAllByLabelText('Email Address')).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: /^Remove Contact/ })).not.toBeInTheDocument();
  });

  it('shows typed property inputs with their defaults and requires the required ones', async () => {
    mockSendingServer();
    const { user, dialog } = await openDialog();
    const firstName = dialog.getByLabelText(/^First name/);
    expect(firstName).toHaveAttribute('type', 'text');
    expect(firstName).toHaveAccessibleName(/^First name\s*\(required\)$/);
    expect(firstName).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByLabelText('Visits')).toHaveValue(0);
    expect(dialog.getByLabelText('Birthday')).toHaveAttribute('type', 'date');
    expect(dialog.getByLabelText('Member')).not.toBeChecked();

    await user.click(firstName);
    await user.tab();
    expect(dialog.getByText(requiredFieldMessage)).toBeInTheDocument();
    await user.type(firstName, 'Ada');
    expect(dialog.queryByText(requiredFieldMessage)).not.toBeInTheDocument();
  });

  it('offers the list items that are not archived, labelled by the default label, and filters them', async () => {
    mockSendingServer();
    const { user, dialog } = await openDialog();
    const store = await dialog.findByLabelText(/^Store/);
    await waitFor(() => expect(store).toBeEnabled());
    const labels = () =>
      within(store)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(labels()).toEqual(['Select an item', 'North Road', 'South Street']);
    await user.type(dialog.getByRole('searchbox', { name: 'Search Store' }), 'sou');
    expect(labels()).toEqual(['Select an item', 'South Street']);
    await user.selectOptions(store, 'South Street');
    expect(store).toHaveValue(itemIds.south);
  });

  it('sends the survey, shows the delivery rows as they change and retries a failed one', async () => {
    let reads = 0;
    const failed = delivery({ status: 'failed', lastError: 'Mailbox unavailable', attempts: 5 });
    const calls = mockSendingServer({
      post: {
        '/surveys/': () => sentSurvey([delivery()]),
        [`/surveys/${surveyId}/delivery/${failed.outboxId}/retry`]: () => ({ delivery: [delivery()] }),
      },
      get: {
        [`/surveys/${surveyId}/delivery`]: () => {
          reads += 1;
          return { delivery: [failed] };
        },
      },
    });
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    await user.click(dialog.getByLabelText('Member'));
    const submit = dialog.getByRole('button', { name: 'Send Survey' });
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(
      await screen.findByText('Survey sent successfully!', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/surveys/')?.body).toEqual({
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'ada@example.com' }],
      surveyProperties: {
        [propertyIds.firstName]: 'Ada',
        [propertyIds.visits]: 0,
        [propertyIds.member]: true,
        [propertyIds.store]: itemIds.north,
      },
    });
    const table = within(dialog.getByRole('table', { name: 'Delivery status' }));
    expect(table.getByRole('row', { name: /Email ada@example.com Queued/ })).toBeInTheDocument();

    // The next read, 2 s later, finds the delivery failed.
    expect(await table.findByText('Failed', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(reads).toBeGreaterThan(0);
    expect(table.getByText('Mailbox unavailable')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'Retry Email to ada@example.com' }));
    expect(await screen.findByText('Delivery retried.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'post' && call.url.endsWith('/retry'))).toBe(true);

    await user.click(dialog.getByRole('button', { name: 'Send another' }));
    expect(dialog.getByLabelText('Email Address')).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Send Survey' })).toBeDisabled();
  }, 15_000);

  it('shows the server refusal and keeps the form', async () => {
    mockSendingServer({
      post: {
        '/surveys/': () => {
          throw apiError(409, { error: 'CONFLICT', message: 'Publish the template before sending it.' });
        },
      },
    });
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Send Survey' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Publish the template before sending it.');
    expect(dialog.getByLabelText('Email Address')).toHaveValue('ada@example.com');
  });

  it('falls back to "Failed to create survey." when the server gives no message', async () => {
    mockSendingServer({
      post: {
        '/surveys/': () => {
          throw apiError(500);
        },
      },
    });
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Send Survey' }));
    expect(
      await screen.findByText('Failed to create survey.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
  });
});
