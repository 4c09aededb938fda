import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { findCustomerLogoFile } from '../logo/logo.service.js';
import { qrCodePng, qrCodeSvg } from './link-qr-code.js';
import { publicLinkUrl, requireWorkspaceLink } from './public-links.service.js';

/** `GET /public-links/{id}/qr.svg|png`: the code of the link's address, for download. */
export async function qrCodeFile(
  ctx: AppContext,
  actor: WorkspaceActor,
  linkId: string,
  format: 'svg' | 'png',
): Promise<{ content: string | Buffer; contentType: string; fileName: string }> {
  const link = await requireWorkspaceLink(ctx, actor, linkId);
  const url = publicLinkUrl(ctx, link.slug);
  const logo = link.logoInQrCode ? await findCustomerLogoFile(ctx, actor.customerId) : undefined;
  const fileName = `${link.slug}-qr-code.${format}`;
  if (format === 'svg') {
    return { content: await qrCodeSvg(url, logo), contentType: 'image/svg+xml', fileName };
  }
  return { content: await qrCodePng(url, logo), contentType: 'image/png', fileName };
}
