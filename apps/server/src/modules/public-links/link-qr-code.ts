import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';

// The QR code of a public link (docs/decisions/024-public-links.md): SVG from `qrcode`; with the
// logo, the highest error correction (30% of the code may be covered) and the logo on a white
// square over the centre, well under that share. PNG is the same SVG drawn by resvg, so both
// downloads always show the same picture, whatever the logo's format.

export interface QrLogo {
  content: Uint8Array;
  contentType: string;
}

const pngWidth = 1024;
/** The logo's square, as a share of the code's side: 0.22² ≈ 5% of the area. */
const logoShare = 0.22;

export async function qrCodeSvg(url: string, logo?: QrLogo): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: logo ? 'H' : 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1] ?? 0);
  const sized = svg.replace('<svg ', `<svg width="${size * 8}" height="${size * 8}" `);
  if (!logo || size === 0) return sized;
  const side = size * logoShare;
  const at = (size - side) / 2;
  const pad = side * 0.08;
  const href = `data:${logo.contentType};base64,${Buffer.from(logo.content).toString('base64')}`;
  const overlay =
    `<rect x="${at}" y="${at}" width="${side}" height="${side}" fill="#ffffff"/>` +
    `<image x="${at + pad}" y="${at + pad}" width="${side - 2 * pad}" height="${side - 2 * pad}" ` +
    `preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
  return sized.replace(/<\/svg>\s*$/, `${overlay}</svg>`);
}

export async function qrCodePng(url: string, logo?: QrLogo): Promise<Buffer> {
  const svg = await qrCodeSvg(url, logo);
  return new Resvg(svg, { fitTo: { mode: 'width', value: pngWidth }, background: '#ffffff' })
    .render()
    .asPng();
}
