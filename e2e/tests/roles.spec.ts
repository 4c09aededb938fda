import type { Locator, Page } from '@playwright/test';
import { xsrfHeaders } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, linkIn, test, waitForMail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Roles in every screen (docs/decisions/016-roles-in-every-screen.md): a viewer sees the write
// actions blocked, learns why on keyboard focus, and no press reaches the server.

const viewerReason = (action: string) => `Viewers can't ${action}. Ask an admin for the editor role.`;

/** A template through the API, as the editor would make it: one question, published or not. */
async function createTemplate(page: Page, name: string, isPublished: boolean): Promise<string> {
  const headers = await xsrfHeaders(page.request);
  const created = await page.request.post('/api/survey-templates/', {
    data: { surveyTemplateName: name, surveyTemplateDescription: 'After each visit' },
    headers,
  });
  expect(created.status()).toBe(201);
  const version = await created.json();
  const versionId: string = version.surveyTemplateVersionId;
  const updated = await page.request.patch(`/api/survey-templates/${versionId}`, {
    data: {
      updatedAt: version.updatedAt,
      surveyTemplateDefinition: {
        questions: [
          {
            id: crypto.randomUUID(),
            type: 'NetPromoterScore',
            question: 'How likely are you to recommend us?',
            label: 'NPS',
            startLabel: 'Not likely',
            endLabel: 'Very likely',
          },
        ],
      },
    },
    headers,
  });
  expect(updated.status()).toBe(200);
  if (isPublished) {
    const published = await page.request.patch(`/api/survey-templates/${versionId}/state`, {
      data: { stateCode: 'PUBLISHED' },
      headers,
    });
    expect(published.status()).toBe(200);
  }
  return versionId;
}

/** Tabbing reaches the blocked action, which announces itself disabled and shows its reason. */
async function expectBlockedOnFocus(page: Page, button: Locator, reason: string) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(reason);
  await button.focus();
  await expect(button).toBeFocused();
  await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a viewer invited by an admin sees every write blocked with the reason and cannot reach one', async ({
  page,
  browser,
}) => {
  const admin = newPerson('Rita', 'Admin');
  await signUp(page, admin, 'Roles Co');
  const publishedId = await createTemplate(page, 'Store visit', true);
  const draftId = await createTemplate(page, 'After sales', false);

  const viewer = newPerson('Vic', 'Viewer');
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite User' });
  await invite.getByLabel('Email Address').fill(viewer.emailAddress);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Viewer/ }).click();
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite).toBeHidden();

  const mail = await waitForMail(viewer.emailAddress);
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await viewerPage.goto(linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/invite\/[0-9a-f-]{36}/));
  await viewerPage.getByRole('button', { name: 'Join this organization' }).click();
  await viewerPage.getByLabel('First Name').fill(viewer.firstName);
  await viewerPage.getByLabel('Last Name').fill(viewer.lastName);
  await viewerPage.getByLabel('Password', { exact: true }).fill(viewer.password);
  await viewerPage.getByLabel(/I agree to the/).check();
  await viewerPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(viewerPage).toHaveURL(/\/dashboard$/);

  await viewerPage.goto('/survey-templates');
  await expect(viewerPage.getByRole('row', { name: /Store visit/ })).toBeVisible();
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Create Template' }),
    viewerReason('create templates'),
  );
  await expectNoSeriousA11yViolations(viewerPage);

  await viewerPage.goto(`/survey-templates/${publishedId}/properties`);
  await expect(viewerPage.getByRole('heading', { name: 'Store visit', level: 1 })).toBeVisible();
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Edit' }),
    viewerReason('edit templates'),
  );
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Unpublish' }),
    viewerReason('unpublish templates'),
  );
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Send Survey' }),
    viewerReason('send surveys'),
  );
  await expectNoSeriousA11yViolations(viewerPage);

  await viewerPage.goto(`/survey-templates/${publishedId}/alerts`);
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Add Alert' }).first(),
    viewerReason('add alerts'),
  );
  await expectNoSeriousA11yViolations(viewerPage);

  await viewerPage.goto(`/survey-templates/${draftId}/questions`);
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Publish' }),
    viewerReason('publish templates'),
  );
  await expectBlockedOnFocus(
    viewerPage,
    viewerPage.getByRole('button', { name: 'Add Question' }).first(),
    viewerReason('add questions'),
  );
  await expectNoSeriousA11yViolations(viewerPage);

  // A forced click does nothing either, and the server refuses the write had the screen let it through.
  await viewerPage.getByRole('button', { name: 'Publish' }).click({ force: true });
  await expect(viewerPage.getByText('Draft', { exact: true })).toBeVisible();
  const forced = await viewerPage.request.patch(`/api/survey-templates/${draftId}/state`, {
    data: { stateCode: 'PUBLISHED' },
    headers: await xsrfHeaders(viewerPage.request),
  });
  expect(forced.status()).toBe(403);
  await context.close();
});
