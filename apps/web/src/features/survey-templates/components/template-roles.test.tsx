import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildStartup } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { buildVersion, mockTemplateServer, npsQuestion, versionId } from './template-fixtures';

// docs/decisions/016-roles-in-every-screen.md: a viewer sees every write action of a template,
// blocked with the reason; an editor uses them.
const url = `/survey-templates/${versionId}`;
const asRole = (role: 'viewer' | 'editor') => ({
  get: { '/accounts/startup': () => buildStartup({ role }) },
});
const viewerReason = (action: string) => `Viewers can't ${action}. Ask an admin for the editor role.`;

/** A tab shows its add action in its heading and, while empty, in its empty state: all blocked. */
async function expectAllBlocked(name: string, reason: string): Promise<HTMLElement> {
  const buttons = await screen.findAllByRole('button', { name });
  for (const button of buttons) expectBlockedWithReason(button, reason);
  return buttons[0] as HTMLElement;
}

describe('a survey template by role', () => {
  it('shows a viewer Edit, Unpublish and Send Survey blocked with the reason, and sends nothing', async () => {
    const { calls } = mockTemplateServer(
      buildVersion({ state: 'PUBLISHED', definition: { questions: [npsQuestion] } }),
      asRole('viewer'),
    );
    renderApp(`${url}/properties`);
    const user = setupUser();

    const edit = await screen.findByRole('button', { name: 'Edit' });
    expectBlockedWithReason(edit, viewerReason('edit templates'));
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Unpublish' }),
      viewerReason('unpublish templates'),
    );
    const send = screen.getByRole('button', { name: 'Send Survey' });
    expectBlockedWithReason(send, viewerReason('send surveys'));
    await expectAllBlocked('Add Property', viewerReason('add properties'));

    // Keyboard users reach the blocked actions and pressing them does nothing.
    send.focus();
    await user.keyboard('{Enter}');
    await user.click(edit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'get')).toEqual([]);
  });

  it('shows a viewer Add Question, Add Reminder and Add Alert blocked with the reason', async () => {
    mockTemplateServer(buildVersion({ definition: { questions: [npsQuestion] } }), asRole('viewer'));
    const { router } = renderApp(`${url}/questions`);
    await expectAllBlocked('Add Question', viewerReason('add questions'));
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Publish' }),
      viewerReason('publish templates'),
    );
    await router.navigate(`${url}/reminders`);
    await expectAllBlocked('Add Reminder', viewerReason('add reminders'));
    await router.navigate(`${url}/alerts`);
    const addAlert = await expectAllBlocked('Add Alert', viewerReason('add alerts'));
    await setupUser().click(addAlert);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an editor use the same actions', async () => {
    mockTemplateServer(
      buildVersion({ state: 'PUBLISHED', definition: { questions: [npsQuestion] } }),
      asRole('editor'),
    );
    const { router } = renderApp(`${url}/properties`);
    for (const name of ['Edit', 'Unpublish', 'Send Survey']) {
      const button = await screen.findByRole('button', { name });
      expect(button).not.toHaveAttribute('aria-disabled');
      expect(button).toBeEnabled();
    }
    await router.navigate(`${url}/alerts`);
    const [addAlert] = await screen.findAllByRole('button', { name: 'Add Alert' });
    await setupUser().click(addAlert as HTMLElement);
    expect(await screen.findByRole('dialog', { name: /Alert/ })).toBeInTheDocument();
  });
});
