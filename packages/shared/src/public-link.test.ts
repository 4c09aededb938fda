import { describe, expect, it } from 'vitest';
import { publicLinkInputSchema } from './public-link.js';
import { hiddenFieldKey } from './public-link-page.js';
import { responseFiltersParamSchema } from './response-filters.js';
import { surveyPropertySchema } from './survey-definition.js';

describe('public links', () => {
  it('reads a hidden field key from a property label', () => {
    expect(hiddenFieldKey('Plan')).toBe('plan');
    expect(hiddenFieldKey(' Store ID ')).toBe('store_id');
    expect(hiddenFieldKey('Café #2 – North')).toBe('caf_2_north');
  });

  it('normalises the address and the sites that may frame the link', () => {
    const parsed = publicLinkInputSchema.parse({
      name: 'Poster',
      slug: ' Summer-Offer ',
      frameOrigins: ['https://Shop.example.com/', 'https://shop.example.com', 'http://localhost:5173'],
    });
    expect(parsed.slug).toBe('summer-offer');
    expect(parsed.frameOrigins).toEqual(['https://shop.example.com', 'http://localhost:5173']);
    expect(parsed).toMatchObject({
      closesAt: null,
      maxCompletedResponses: null,
      hourlyCap: null,
      onePerBrowser: false,
    });
  });

  it.each([
    ['-offer', 'slug'],
    ['ab', 'slug'],
    ['has space', 'slug'],
  ])('refuses the address %s', (slug, path) => {
    const result = publicLinkInputSchema.safeParse({ name: 'Poster', slug });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([path]);
  });

  it.each([
    'https://shop.example.com/page',
    'javascript:alert(1)',
    'shop.example.com',
    'https://a@b.example.com',
  ])('refuses %s as a site that may frame the link', (origin) => {
    expect(
      publicLinkInputSchema.safeParse({ name: 'Poster', slug: 'poster', frameOrigins: [origin] }).success,
    ).toBe(false);
  });

  it('refuses a property that is both a hidden field and for authentication', () => {
    const result = surveyPropertySchema.safeParse({
      id: crypto.randomUUID(),
      type: 'Text',
      label: 'Code',
      hiddenField: true,
      validation: { required: false, authentication: true },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['hiddenField'],
      message: 'An authentication property cannot be a hidden field',
    });
  });

  it('takes a source filter of SENT or a link id with is or is not', () => {
    const filters = (value: unknown, operator = 'is') =>
      responseFiltersParamSchema.safeParse(
        JSON.stringify({ filters: [{ field: 'source', operator, value }] }),
      );
    expect(filters('SENT').success).toBe(true);
    expect(filters(crypto.randomUUID(), 'is_not').success).toBe(true);
    expect(filters('poster').success).toBe(false);
    expect(filters('SENT', 'contains').success).toBe(false);
  });
});
