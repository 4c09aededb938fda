import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer.js';

const svgOpen = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
const clean = (body: string) => sanitizeSvg(Buffer.from(`${svgOpen}${body}</svg>`));

describe('sanitizeSvg', () => {
  it('keeps a plain drawing as it is', async () => {
    const result = await clean('<g fill="#123456"><path d="M0 0L10 10Z"/></g>');
    expect(result).toContain('<g fill="#123456"><path d="M0 0L10 10Z"/></g>');
    expect(result).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
  });

  it('drops links other than #fragments and embedded raster images', async () => {
    const result = await clean(
      '<use href="#a"/><a href="#top"><rect/></a><a xlink:href="JaVaScRiPt:alert(1)"><rect/></a>' +
        '<image href="data:image/png;base64,AAAA"/><image href="data:image/svg+xml;base64,AAAA"/>' +
        '<image xlink:href="//evil.example/x.png"/>',
    );
    expect(result).toContain('href="#top"');
    expect(result).toContain('href="data:image/png;base64,AAAA"');
    expect(result).not.toMatch(/javascript|svg\+xml|evil/i);
  });

  it('drops styles that load from elsewhere or hide behind CSS escapes', async () => {
    const result = await clean(
      '<style>.a{fill:red}</style><style>.b{background:url(https://evil.example/x)}</style>' +
        '<rect style="fill:u\\72l(https://evil.example/y)"/><rect style="fill:blue"/><rect filter="url(https://evil.example/f)"/>',
    );
    expect(result).toContain('.a{fill:red}');
    expect(result).toContain('style="fill:blue"');
    expect(result).not.toContain('evil');
  });

  it('drops processing instructions and the DOCTYPE', async () => {
    const result = await sanitizeSvg(
      Buffer.from(
        `<?xml-stylesheet href="https://evil.example/s.css"?><!DOCTYPE svg [<!ENTITY a "x">]>${svgOpen}<text>&a;</text></svg>`,
      ),
    );
    expect(result).not.toContain('evil');
    expect(result).not.toContain('DOCTYPE');
  });

  it.each([
    ['text', 'hello'],
    ['malformed XML', `${svgOpen}<rect></svg>`],
    ['SVG without its namespace', '<svg><rect/></svg>'],
    ['an HTML page', '<html><body><svg></svg></body></html>'],
  ])('rejects %s', async (_name, text) => {
    expect(await sanitizeSvg(Buffer.from(text))).toBeUndefined();
  });

  it('rejects bytes that are not UTF-8', async () => {
    expect(await sanitizeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e]))).toBeUndefined();
  });
});
