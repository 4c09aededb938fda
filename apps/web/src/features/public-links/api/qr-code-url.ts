import { apiBaseUrl } from '@/lib/api-client';

/** The link's QR code as the server draws it (a download: the session cookie authenticates it). */
export function qrCodeUrl(publicLinkId: string, format: 'png' | 'svg', version: string): string {
  // The link's `updatedAt` makes a changed link (address, logo choice) a new URL for the browser's cache.
  return `${apiBaseUrl}/public-links/${encodeURIComponent(publicLinkId)}/qr.${format}?v=${encodeURIComponent(version)}`;
}
