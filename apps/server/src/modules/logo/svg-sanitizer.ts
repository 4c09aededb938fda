import type { JSDOM } from 'jsdom';

const svgNamespace = 'http://www.w3.org/2000/svg';
// Links may point inside the picture; embedded raster images cannot run script.
const safeReference = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
const externalCssUrl = /url\s*\(\s*['"]?\s*(?!#)/i;

function isUnsafeCss(css: string): boolean {
  // A backslash could spell `url(` or `@import` with CSS escapes: such styles are dropped whole.
  return css.includes('\\') || /@import/i.test(css) || externalCssUrl.test(css);
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Parses the bytes as an SVG document and removes what could run script or load something from
 * elsewhere (docs/product-rules.md#logo-and-api-keys): scripts, event handlers, foreignObject, animations,
 * links other
 * than `#fragment` (so no `javascript:`), external `url(...)`, `@import`, processing instructions
 * and the DOCTYPE. Answers undefined when the bytes are not an SVG document.
 */
export async function sanitizeSvg(bytes: Uint8Array): Promise<string | undefined> {
  const text = decodeUtf8(bytes);
  if (text === undefined || !/<svg[\s>/]/i.test(text)) return undefined;
  // Loaded on first use: jsdom costs half a second and ~100 MB that most servers never need.
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  let dom: JSDOM;
  try {
    dom = new JSDOM(text, { contentType: 'image/svg+xml' });
  } catch {
    return undefined;
  }
  const { window } = dom;
  const root = window.document.documentElement;
  if (!root || root.namespaceURI !== svgNamespace || root.localName !== 'svg') return undefined;

  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && isUnsafeCss(node.textContent ?? '')) node.textContent = '';
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const isLink = name === 'href' || name === 'xlink:href';
    if (isLink && !safeReference.test(data.attrValue)) data.keepAttr = false;
    if (!isLink && (name === 'style' ? isUnsafeCss(data.attrValue) : externalCssUrl.test(data.attrValue))) {
      data.keepAttr = false;
    }
  });
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'animate', 'set', 'animateMotion', 'animateTransform'],
  });
  const serialized = new window.XMLSerializer().serializeToString(root);
  window.close();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialized}`;
}
