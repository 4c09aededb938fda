// What the respondent page and the server agree on for public links (docs/decisions/024-public-links.md).
// Zod-free: the respondent page bundles it.

/** The page of a public link: `/s/{slug}`. */
export const publicLinkPathPrefix = '/s/';

/**
 * The honeypot: a form field people never see or fill. The page sends it as the visitor's browser
 * filled it (empty); a form-filling robot fills it, and the server creates nothing.
 */
export const honeypotFieldName = 'website';

/** Query keys with a meaning of their own on a link's URL; the rest may fill hidden fields. */
export const embedQueryKey = 'embed';
export const emailQueryKey = 'email';
export const phoneQueryKey = 'phone';

/** The message an embedded respondent page posts to its parent when its height changes. */
export const embedHeightMessageType = 'graphium:height';

/** A hidden field's query key from its property label: "Store ID" reads `store_id`. */
export function hiddenFieldKey(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
