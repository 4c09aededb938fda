import type { PublicLink, PublicLinkList, SurveyProperty } from '@graphium/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppQueryClient } from '@/app/query-client';
import { apiError, mockApi } from '@/test/api-mock';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import { LinksTab } from './links-tab';

const templateId = 'a1b2c3d4-0000-4000-8000-000000000001';
const linkId = 'a1b2c3d4-0000-4000-8000-000000000002';
const listUrl = '/public-links';
const viewerReason = "Viewers can't manage public links. Ask an admin for the editor role.";

function buildLink(overrides: Partial<PublicLink> = {}): PublicLink {
  return {
    publicLinkId: linkId,
    surveyTemplateId: templateId,
    name: 'Poster in store',
    slug: 'poster',
    url: 'https://surveys.example.com/s/poster',
    closesAt: null,
    maxCompletedResponses: 100,
    onePerBrowser: true,
    onePerContact: false,
    hourlyCap: null,
    frameOrigins: ['https://shop.example.com'],
    logoInQrCode: false,
    counts: { visits: 12, started: 7, completed: 5 },
    createdAt: '2025-03-04T15:06:00.000Z',
    updatedAt: '2025-03-04T15:06:00.000Z',
    ...overrides,
  };
}

const properties: SurveyProperty[] = [
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000003',
    type: 'Text',
    label: 'Store ID',
    validation: { required: false, authentication: false },
    visibleInReportsAndFiltering: true,
    hiddenField: true,
  },
];

function renderTab(options: { editReason?: string; isPublished?: boolean } = {}) {
  return render(
    <AppProvider queryClient={createAppQueryClient()}>
      <LinksTab
        templateId={templateId}
        templateName="Customer satisfaction"
        isPublished={options.isPublished ?? true}
        properties={properties}
        editReason={options.editReason}
      />
    </AppProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Links tab', () => {
  it('shows each link with its counts, limits, QR downloads, hidden fields and embed snippets', async () => {
    mockApi({ get: { [listUrl]: (): PublicLinkList => ({ publicLinks: [buildLink()] }) } });
    renderTab();
    const card = within(await screen.findByRole('article', { name: 'Poster in store' }));
    expect(card.getByText('Open')).toBeInTheDocument();
    expect(card.getByText('Visits').nextSibling).toHaveTextContent('12');
    expect(card.getByText('Started').nextSibling).toHaveTextContent('7');
    expect(card.getByText('Completed').nextSibling).toHaveTextContent('5');
    expect(card.getByText('At most 100 completed')).toBeInTheDocument();
    expect(card.getByText('One response per browser')).toBeInTheDocument();
    expect(card.getByLabelText('Link')).toHaveValue('https://surveys.example.com/s/poster');
    expect(
      card.getByText('Hidden fields: https://surveys.example.com/s/poster?store_id=…'),
    ).toBeInTheDocument();
    expect(card.getByLabelText('Embed inline (script)')).toHaveValue(
      '<script src="https://surveys.example.com/embed.js" data-link="poster" data-mode="inline" async></script>',
    );
    expect((card.getByLabelText('Embed in an iframe') as HTMLTextAreaElement).value).toContain(
      'src="https://surveys.example.com/s/poster?embed=inline"',
    );
    expect(card.getByRole('link', { name: 'Download PNG QR code of Poster in store' })).toHaveAttribute(
      'href',
      `/api/public-links/${linkId}/qr.png?v=2025-03-04T15%3A06%3A00.000Z`,
    );
    expect(
      card.getByRole('img', { name: 'QR code for https://surveys.example.com/s/poster' }),
    ).toBeInTheDocument();
  });

  it('creates a link from the form, checking it first, and shows the server refusing a taken address', async () => {
    let taken = true;
    const calls = mockApi({
      get: { [listUrl]: (): PublicLinkList => ({ publicLinks: [] }) },
      post: {
        [listUrl]: () => {
          if (taken) {
            throw apiError(409, {
              error: 'CONFLICT',
              message: 'This link address is already taken. Choose another one.',
            });
          }
          return buildLink();
        },
      },
    });
    renderTab();
    const user = setupUser();
    expect(await screen.findByText('No public links yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Public Link' }));
    expect(dialog.getByLabelText('Link name')).toHaveValue('Customer satisfaction');
    await user.type(dialog.getByLabelText('Address'), 'Bad Address!');
    await user.type(dialog.getByLabelText('Surveys per hour, at most (optional)'), '0');
    await user.click(dialog.getByRole('button', { name: 'Create Link' }));
    expect(await dialog.findByText(/lowercase letters, digits and hyphens/)).toBeInTheDocument();
    expect(dialog.getByText('The hourly cap must be at least 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'post')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), 'poster');
    await user.clear(dialog.getByLabelText('Surveys per hour, at most (optional)'));
    await user.click(dialog.getByLabelText('One response per browser'));
    await user.type(
      dialog.getByLabelText('Sites that may embed the survey (one per line)'),
      'https://shop.example.com',
    );
    await user.click(dialog.getByRole('button', { name: 'Create Link' }));
    expect(
      await screen.findByText('This link address is already taken. Choose another one.'),
    ).toBeInTheDocument();
    taken = false;
    await user.click(dialog.getByRole('button', { name: 'Create Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'post').at(-1)?.body).toEqual({
      surveyTemplateId: templateId,
      name: 'Customer satisfaction',
      slug: 'poster',
      closesAt: null,
      maxCompletedResponses: null,
      hourlyCap: null,
      onePerBrowser: true,
      onePerContact: false,
      frameOrigins: ['https://shop.example.com'],
      logoInQrCode: false,
    });
  });

  it('edits a link with PUT', async () => {
    const calls = mockApi({
      get: { [listUrl]: (): PublicLinkList => ({ publicLinks: [buildLink()] }) },
      put: { [`/public-links/${linkId}`]: () => buildLink({ name: 'Window poster' }) },
    });
    renderTab();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Poster in store' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Public Link' }));
    expect(dialog.getByLabelText('Maximum completed responses (optional)')).toHaveValue(100);
    await user.clear(dialog.getByLabelText('Link name'));
    await user.type(dialog.getByLabelText('Link name'), 'Window poster');
    await user.click(dialog.getByRole('button', { name: 'Save Link' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    expect(calls.find((call) => call.method === 'put')?.body).toMatchObject({
      name: 'Window poster',
      slug: 'poster',
    });
  });

  it('lets viewers read links but not create, edit or delete them', async () => {
    mockApi({ get: { [listUrl]: (): PublicLinkList => ({ publicLinks: [buildLink()] }) } });
    renderTab({ editReason: viewerReason });
    const card = within(await screen.findByRole('article', { name: 'Poster in store' }));
    expectBlockedWithReason(screen.getByRole('button', { name: 'New Link' }), viewerReason);
    expectBlockedWithReason(card.getByRole('button', { name: 'Edit Poster in store' }), viewerReason);
    expectBlockedWithReason(card.getByRole('button', { name: 'Delete Poster in store' }), viewerReason);
    expect(card.getByRole('button', { name: 'Copy Link' })).toBeEnabled();
  });

  it('asks to publish before the first link', async () => {
    mockApi({ get: { [listUrl]: (): PublicLinkList => ({ publicLinks: [] }) } });
    renderTab({ isPublished: false });
    expect(await screen.findByText('Publish the template to create public links.')).toBeInTheDocument();
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'New Link' }),
      'Publish the template before creating a public link.',
    );
  });
});
