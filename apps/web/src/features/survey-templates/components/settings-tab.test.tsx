import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setupUser } from '@/test/user';
import {
  buildVersion,
  firstNameProperty,
  lastPatch,
  mockTemplateServer,
  versionId,
} from './template-fixtures';

const url = `/survey-templates/${versionId}/settings`;
const properties = [
  firstNameProperty,
  { id: 'e1b2c3d4-0000-4000-8000-0000000000a1', type: 'Text' as const, label: 'Last name' },
  {
    id: 'e1b2c3d4-0000-4000-8000-0000000000a2',
    type: 'ListItem' as const,
    label: 'Store',
    listId: 'c1b2c3d4-0000-4000-8000-000000000005',
  },
];

describe('Settings tab', () => {
  it('keeps the buttons disabled until something changes, then saves texts and expiration', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    expect(await screen.findByRole('heading', { name: 'Survey Settings' })).toBeInTheDocument();
    for (const name of ['Save Settings', 'Save Changes', 'Cancel']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByLabelText('Opening Text')).toHaveValue(
      'Welcome to our survey. Your feedback is important to us...',
    );

    await user.type(screen.getByLabelText('Review Link (optional)'), 'javascript:alert(1)');
    await user.tab();
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Review Link (optional)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();

    await user.type(screen.getByLabelText('Review Link (optional)'), 'https://example.com/review');
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Duration must be at least 1')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '2');
    await user.click(screen.getByRole('combobox', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Weeks' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const patch = lastPatch(server);
    expect(patch.surveyTemplateDefinition?.reviewLink).toBe('https://example.com/review');
    expect(patch.surveyTemplateSettings?.expiration).toEqual({ duration: 2, period: 'weeks' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled());
  });

  it("suggests properties after '[' and inserts the chosen one with the keyboard", async () => {
    const { server } = mockTemplateServer(buildVersion({ definition: { properties, openingText: '' } }));
    renderApp(url);
    const user = setupUser();
    const opening = await screen.findByLabelText('Opening Text');

    await user.type(opening, 'Hello [[');
    let listbox = screen.getByRole('listbox', { name: 'Property suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.firstChild?.textContent),
    ).toEqual(['First name', 'Last name', 'Store']);
    await user.type(opening, 'na');
    listbox = screen.getByRole('listbox', { name: 'Property suggestions' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(opening).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(opening).toHaveValue('Hello [Last name]');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(opening, ' from [[st');
    await user.keyboard('{Tab}');
    expect(opening).toHaveValue('Hello [Last name] from [Store]');
    expect(opening).toHaveFocus();

    await user.type(opening, ' [[');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(opening).toHaveValue('Hello [Last name] from [Store] [\n');

    const closing = screen.getByLabelText('Closing Text');
    await user.clear(closing);
    await user.type(closing, 'Thanks [[');
    fireEvent.mouseDown(within(screen.getByRole('listbox')).getByText('First name'));
    expect(closing).toHaveValue('Thanks [First name]');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateDefinition).toMatchObject({
      openingText: 'Hello [Last name] from [Store] [\n',
      closingText: 'Thanks [First name]',
    });
    expect(lastPatch(server).surveyTemplateSettings).toBeUndefined();
  });

  it('flags a token that names no property as the author types', async () => {
    mockTemplateServer(buildVersion({ definition: { properties, openingText: '' } }));
    renderApp(url);
    const user = setupUser();
    const opening = await screen.findByLabelText('Opening Text');
    await user.type(opening, 'Hello [[Frist name]');
    const warning =
      "No property is labelled [Frist name]: respondents will not see it. Use a property's label or remove the brackets.";
    expect(screen.getByText(warning)).toBeVisible();
    expect(opening).toHaveAccessibleDescription(expect.stringContaining(warning));
    // The preview shows what respondents receive: the unknown token left out.
    expect(screen.getByText('Respondents read').nextElementSibling).toHaveTextContent(/^Hello$/);
    await user.clear(opening);
    await user.type(opening, 'Hello [[First name]');
    expect(screen.queryByText(/No property is labelled/)).not.toBeInTheDocument();
    expect(screen.getByText('Respondents read').nextElementSibling).toHaveTextContent('Hello ‹First name›');
  });

  it('keeps the texts read-only on a published version while the expiration stays editable', async () => {
    const { server } = mockTemplateServer(buildVersion({ state: 'PUBLISHED', definition: { properties } }));
    renderApp(url);
    const user = setupUser();
    const opening = await screen.findByLabelText('Opening Text');
    expect(opening).toHaveAttribute('readonly');
    await user.type(opening, '[[');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Review Link (optional)')).toHaveAttribute('readonly');

    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '45');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const patch = lastPatch(server);
    expect(patch.surveyTemplateDefinition).toBeUndefined();
    expect(patch.surveyTemplateSettings?.expiration).toEqual({ duration: 45, period: 'days' });
  });

  it('shows a computed time on the welcome page only when asked, and saves the choice', async () => {
    const { server } = mockTemplateServer(buildVersion());
    renderApp(url);
    const user = setupUser();
    const estimate = await screen.findByRole('checkbox', {
      name: 'Show a time estimate computed from the questions on the welcome page',
    });
    expect(estimate).not.toBeChecked();
    await user.click(estimate);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(lastPatch(server).surveyTemplateSettings?.showEstimatedTime).toBe(true);
  });
});
