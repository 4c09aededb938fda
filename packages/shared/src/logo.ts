import { z } from 'zod';

/** docs/product-rules.md#logo-and-api-keys: the image types a logo may have, by file extension. */
const logoFileExtensions = ['png', 'jpg', 'jpeg', 'svg', 'gif', 'webp'] as const;

/** The content types the server stores, one per image format (jpg and jpeg are both JPEG). */
export const logoContentTypes = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'image/gif',
  'image/webp',
] as const;
const logoContentTypeSchema = z.enum(logoContentTypes);
export type LogoContentType = z.infer<typeof logoContentTypeSchema>;

/** docs/product-rules.md#logo-and-api-keys: at most 2 MB. */
export const logoMaxBytes = 2 * 1024 * 1024;

/** The multipart field that carries the file (docs/product-rules.md#logo-and-api-keys). */
export const logoFieldName = 'logo';

/** What a file input's `accept` attribute lists, so the picker offers the allowed files first. */
export const logoAcceptAttribute = [
  ...logoFileExtensions.map((extension) => `.${extension}`),
  ...logoContentTypes,
].join(',');

export const logoTypeErrorMessage = 'The logo must be a PNG, JPG, JPEG, SVG, GIF or WEBP image.';
export const logoSizeErrorMessage = 'The logo must be 2 MB or smaller.';
export const logoEmptyErrorMessage = 'Choose a logo file to upload.';
export const noLogoMessage = 'No logo uploaded yet';
/** docs/product-rules.md#texts-dates-and-errors: the fallbacks when the server gives no message. */
export const logoUploadFailedMessage = 'Failed to upload logo';
export const logoDeleteFailedMessage = 'Failed to delete logo';

/** `GET /customers/logo` and the upload's reply (docs/product-rules.md#logo-and-api-keys: Logo: url). */
export const customerLogoSchema = z.object({
  /** Content-hash address (`/api/logos/{sha256}`), relative to the API's origin; it never changes. */
  url: z.string(),
  contentType: logoContentTypeSchema,
  size: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type CustomerLogo = z.infer<typeof customerLogoSchema>;

/** `DELETE /customers/logo` (docs/product-rules.md#logo-and-api-keys: the reply has a message field). */
export const deleteLogoResponseSchema = z.object({ message: z.string() });
export type DeleteLogoResponse = z.infer<typeof deleteLogoResponseSchema>;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The browser's check before an upload: the name's extension and, when the browser knows it,
 * the declared type. The server checks the bytes themselves; this only saves a round trip.
 */
export function findLogoFileError(file: { name: string; type: string; size: number }): string | undefined {
  const isAllowedExtension = (logoFileExtensions as readonly string[]).includes(extensionOf(file.name));
  const isAllowedType = file.type === '' || (logoContentTypes as readonly string[]).includes(file.type);
  if (!isAllowedExtension || !isAllowedType) return logoTypeErrorMessage;
  if (file.size === 0) return logoEmptyErrorMessage;
  if (file.size > logoMaxBytes) return logoSizeErrorMessage;
  return undefined;
}
