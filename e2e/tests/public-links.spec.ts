import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 024: a public link is created on the Links tab, opened from the URL its QR
// code encodes and completed; then embedded by its script in a plain page of another site (a
// tiny server of this test on `localhost`, while Graphium is served on `127.0.0.1`: the browser
// withholds Graphium's SameSite=Lax cookies in that frame) and completed there. Both responses
// show their source.

async function publishTemplate(page: Page): Promise<{ versionId: string }> {
  const created = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Store visit',
    surveyTemplateDescription: 'For walk-in customers',
  });
  const versionId = created.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Two quick questions about your visit.',
      closingText: 'Thanks for helping us improve.',
      properties: [{ id: randomUUID(), type: 'Text', label: 'Plan', hiddenField: true }],
      questions: [
        {
          id: randomUUID(),
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
          validation: { required: true },
        },
        {
          id: randomUUID(),
          type: 'ShortTextEntry',
          question: 'What brought you in?',
          label: 'Reason',
          validation: { required: false },
        },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  return { versionId };
}

/** Answers the two questions on a respondent page (a tab or an embed frame). */
async function answerSurvey(where: Page | FrameLocator) {
  await where.getByRole('button', { name: 'Start Survey' }).click();
  await where.locator('label').filter({ hasText: /^9$/ }).click();
  await where.getByRole('button', { name: 'Next' }).click();
  await where.getByRole('textbox', { name: /What brought you in\?/ }).fill('A poster');
  await where.getByRole('button', { name: 'Complete Survey' }).click();
  await expect(where.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await expect(where.getByText('Thanks for helping us improve.')).toBeVisible();
}

/** A plain page of another site (`localhost`, not `127.0.0.1`) that embeds the link with the embed script. */
async function startEmbeddingSite(baseUrl: string, slug: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our shop</title></head>
<body><main><h1>Welcome to our shop</h1>
<script src="${baseUrl}/embed.js" data-link="${slug}" data-mode="inline" data-query="plan=basic" async></script>
<p>Footer text</p></main></body></html>`;
  const popup = html.replace('data-mode="inline"', 'data-mode="popup" data-button-text="Tell us how we did"');
  const server = createServer((request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(request.url === '/popup' ? popup : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test('a public link is created, opened from its QR code URL, embedded on another site (cross-site) and answered in both', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, newPerson('Lina', 'Links'), 'Corner Shop');
  const { versionId } = await publishTemplate(page);
  const slug = `visit-${Date.now().toString(36)}`;
  const site = await startEmbeddingSite(baseURL, slug);
  try {
    // Create the link on the Links tab.
    await page.goto(`/survey-templates/${versionId}/links`);
    await expect(page.getByRole('heading', { name: 'Public Links' })).toBeVisible();
    await expect(page.getByText('No public links yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'New Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Public Link' });
    await dialog.getByLabel('Link name').fill('Shop window poster');
    await dialog.getByLabel('Address').fill(slug);
    await dialog.getByLabel('One response per browser').check();
    await dialog.getByLabel('Sites that may embed the survey (one per line)').fill(new URL(site.url).origin);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expect(dialog).toHaveCount(0);
    const card = page.getByRole('article', { name: 'Shop window poster' });
    await expect(card).toBeVisible();
    const linkUrl = await card.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(linkUrl).toBe(`${baseURL}/s/${slug}`);
    await expectNoSeriousA11yViolations(page);

    // The QR code: both downloads are real images of the link (decoding is not this test's job).
    const pngHref = await card.getByRole('link', { name: /Download PNG/ }).getAttribute('href');
    const png = await page.request.get(pngHref!);
    expect(png.headers()['content-type']).toBe('image/png');
    expect((await png.body()).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const svgHref = await card.getByRole('link', { name: /Download SVG/ }).getAttribute('href');
    const svg = await page.request.get(svgHref!);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);

    // A visitor opens the URL the QR code encodes, with a hidden field, and completes the survey.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${linkUrl}?plan=pro`);
    await expect(visitor.getByRole('heading', { name: 'Store visit' })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await answerSurvey(visitor);
    // One response per browser: the same browser is told it answered already.
    await visitor.goto(linkUrl);
    await expect(visitor.getByRole('heading', { name: 'Survey Unavailable' })).toBeVisible();
    await expect(visitor.getByText('You have already answered this survey. Thank you!')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitorContext.close();

    // Another visitor answers inside the shop's page, in the frame the embed script inserts.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto(site.url);
    const frameElement = shopper.locator('iframe[title="Survey"]');
    await expect(frameElement).toBeVisible();
    const frame = shopper.frameLocator('iframe[title="Survey"]');
    await expect(frame.getByRole('heading', { name: 'Store visit' })).toBeVisible();
    // The frame takes the page's height, which the page reports (the script starts at 480px).
    await expect
      .poll(async () => frameElement.evaluate((element) => (element as HTMLElement).style.height))
      .not.toBe('480px');
    await answerSurvey(frame);
    await expect(shopper.getByText('Footer text')).toBeVisible();
    await shopperContext.close();

    // The pop-up widget: a button that opens the survey in a dialog over the shop's page.
    const browsingContext = await browser.newContext();
    const browsing = await browsingContext.newPage();
    await browsing.goto(`${site.url}popup`);
    await expect(browsing.locator('iframe[title="Survey"]')).toHaveCount(0);
    await browsing.getByRole('button', { name: 'Tell us how we did' }).click();
    const popupDialog = browsing.getByRole('dialog', { name: 'Survey' });
    await expect(popupDialog).toBeVisible();
    await expect(
      browsing.frameLocator('iframe[title="Survey"]').getByRole('heading', { name: 'Store visit' }),
    ).toBeVisible();
    await popupDialog.getByRole('button', { name: 'Close' }).click();
    await expect(popupDialog).toBeHidden();
    await browsingContext.close();

    // The staff see both responses with their source, and the link's counts.
    await page.reload();
    await expect(card.getByText('Completed').locator('xpath=..')).toContainText('2');
    await page.goto(`/survey-templates/${versionId}/responses?tab=survey-responses`);
    const table = page.getByRole('table', { name: 'Survey responses' });
    // Two completed in the tab and the frame; the pop-up's, opened and left, is pending.
    const fromLink = table.getByRole('row').filter({ hasText: 'Shop window poster' });
    await expect(fromLink).toHaveCount(3);
    await expect(fromLink.filter({ hasText: 'Completed' })).toHaveCount(2);
    await page.getByRole('button', { name: /^Filter/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filter Responses' });
    await filters.getByLabel('Source', { exact: true }).selectOption({ label: 'Sent' });
    await filters.getByRole('button', { name: 'Add Source Filter' }).click();
    await filters.getByRole('button', { name: /^Apply Filters/ }).click();
    await expect(page.getByText('No responses match your filters')).toBeVisible();
  } finally {
    await new Promise((resolve) => site.server.close(resolve));
  }
});
