import { createHash } from 'node:crypto';
import {
  type CustomerLogo,
  type DeleteLogoResponse,
  type LogoContentType,
  logoContentTypes,
  logoEmptyErrorMessage,
  logoMaxBytes,
  logoSizeErrorMessage,
  logoTypeErrorMessage,
  noLogoMessage,
} from '@graphium/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  deleteLogo,
  findLogoContent,
  findLogoSummary,
  type LogoSummary,
  upsertLogo,
} from './logo.repository.js';
import { sanitizeSvg } from './svg-sanitizer.js';

const sha256Pattern = /^[0-9a-f]{64}$/;

export const logoTooLarge = () => new AppError('TOO_LARGE', logoSizeErrorMessage);

/** The public, content-addressed path of a logo: a new upload gets a new URL, so it may be cached forever. */
export function logoPath(sha256: string): string {
  return `/api/logos/${sha256}`;
}

function toCustomerLogo(row: LogoSummary): CustomerLogo {
  return {
    url: logoPath(row.sha256),
    contentType: row.contentType as LogoContentType,
    size: row.size,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The logo's format is read from its bytes, never from its name or declared type
 * (docs/product-rules.md#logo-and-api-keys):
 * PNG, JPEG, GIF and WebP by their signatures; SVG by parsing, and then sanitised.
 */
async function readLogoImage(bytes: Buffer): Promise<{ content: Buffer; contentType: LogoContentType }> {
  if (bytes.length === 0) throw invalid(logoEmptyErrorMessage, { logo: logoEmptyErrorMessage });
  if (bytes.length > logoMaxBytes) throw logoTooLarge();
  const detected = await fileTypeFromBuffer(bytes);
  // An animated PNG is a PNG.
  const mime = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
  const raster = logoContentTypes.find((type) => type === mime && type !== 'image/svg+xml');
  if (raster) return { content: bytes, contentType: raster };
  // file-type may call an SVG with an XML declaration `application/xml`: parsing decides.
  const svg = await sanitizeSvg(bytes);
  if (svg === undefined) throw invalid(logoTypeErrorMessage, { logo: logoTypeErrorMessage });
  const content = Buffer.from(svg, 'utf8');
  if (content.length > logoMaxBytes) throw logoTooLarge();
  return { content, contentType: 'image/svg+xml' };
}

/** `GET /customers/logo`. */
export async function getLogo(ctx: AppContext, customerId: string): Promise<CustomerLogo> {
  const row = await findLogoSummary(ctx.db, customerId);
  if (!row) throw notFound(noLogoMessage);
  return toCustomerLogo(row);
}

/** `POST /customers/logo/upload`: replaces the customer's logo. */
export async function uploadLogo(
  ctx: AppContext,
  actor: WorkspaceActor,
  bytes: Buffer,
): Promise<CustomerLogo> {
  const { customerId } = actor;
  const { content, contentType } = await readLogoImage(bytes);
  const sha256 = createHash('sha256').update(content).digest('hex');
  return ctx.db.transaction(async (tx) => {
    const before = await findLogoSummary(tx, customerId);
    const row = await upsertLogo(tx, { customerId, content, contentType, sha256, size: content.length });
    const summary = (logo: LogoSummary | undefined) =>
      logo && { sha256: logo.sha256, contentType: logo.contentType, size: logo.size };
    await recordAudit(
      ctx,
      tx,
      actor,
      'logo.set',
      { type: 'logo', id: sha256, label: 'Logo' },
      { before: summary(before) ?? null, after: summary(row) },
    );
    return toCustomerLogo(row);
  });
}

/** `DELETE /customers/logo`. */
export async function removeLogo(ctx: AppContext, actor: WorkspaceActor): Promise<DeleteLogoResponse> {
  await ctx.db.transaction(async (tx) => {
    const isDeleted = await deleteLogo(tx, actor.customerId);
    if (!isDeleted) throw notFound(noLogoMessage);
    await recordAudit(ctx, tx, actor, 'logo.removed', { type: 'logo', label: 'Logo' });
  });
  return { message: 'Logo deleted successfully.' };
}

/** `GET /api/logos/{sha256}`: public, for e-mails and the respondent page. */
export async function getLogoFile(ctx: AppContext, sha256: string) {
  const file = sha256Pattern.test(sha256) ? await findLogoContent(ctx.db, sha256) : undefined;
  if (!file) throw notFound('Logo not found');
  return file;
}

/** The customer's logo bytes and type, or undefined without one (public links' QR codes). */
export async function findCustomerLogoFile(ctx: AppContext, customerId: string) {
  const row = await findLogoSummary(ctx.db, customerId);
  return row ? findLogoContent(ctx.db, row.sha256) : undefined;
}

/**
 * The customer's logo URL, or null without one: for the invitation page, e-mails and the
 * respondent page. `absolute` prefixes the public origin, which e-mails need; `db` reads inside
 * the caller's transaction.
 */
export async function findLogoUrl(
  ctx: AppContext,
  customerId: string,
  options: { absolute?: boolean; db?: Executor } = {},
): Promise<string | null> {
  const row = await findLogoSummary(options.db ?? ctx.db, customerId);
  if (!row) return null;
  const path = logoPath(row.sha256);
  return options.absolute ? `${ctx.config.publicUrl}${path}` : path;
}
