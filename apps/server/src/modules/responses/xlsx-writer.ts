import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A one-sheet XLSX workbook written as a stream: rows are deflated into the zip as they come, so
 * memory stays flat whatever the number of rows (decision 012). Strings are written inline
 * (`t="inlineStr"`), which needs no shared-strings table built over the whole sheet first.
 */

/** Text (written as text, never read as a formula), a number, an instant (a date cell) or nothing. */
export type XlsxCell = string | number | Date | null;

const spreadsheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationshipNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const staticParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `<Relationships xmlns="${packageRelationshipNs}"><Relationship Id="rId1" Type="${relationshipNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<workbook xmlns="${spreadsheetNs}" xmlns:r="${relationshipNs}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${packageRelationshipNs}"><Relationship Id="rId1" Type="${relationshipNs}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relationshipNs}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `<styleSheet xmlns="${spreadsheetNs}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

// XML 1.0 allows no control characters but tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const invalidXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(invalidXmlCharacters, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A, B, …, Z, AA, AB, …: the column part of a cell reference (1-based). */
export function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** How an instant becomes a spreadsheet serial date-time (its wall clock in a time zone). */
export type DateSerial = (date: Date) => number;

/** The style of date cells in styles.xml: `yyyy-mm-dd hh:mm:ss`. */
const dateStyle = 1;

function rowXml(cells: readonly XlsxCell[], rowNumber: number, dateSerial: DateSerial): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, index) => {
    if (value === null) return;
    const reference = `${columnName(index + 1)}${rowNumber}`;
    if (value instanceof Date) {
      xml += `<c r="${reference}" s="${dateStyle}"><v>${dateSerial(value)}</v></c>`;
    } else if (typeof value === 'number') {
      xml += Number.isFinite(value) ? `<c r="${reference}"><v>${value}</v></c>` : '';
    } else {
      xml += `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    }
  });
  return `${xml}</row>`;
}

/** Waits until `stream` can take more, or is gone; leaves no listener behind either way. */
function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Bytes of sheet XML gathered before a deflate call: fewer, larger calls compress faster. */
const chunkSize = 64 * 1024;

/**
 * Streams `rows` as the sheet `sheetName` of an XLSX file. The returned stream respects
 * backpressure; destroying it (a client that goes away) stops reading rows. A failure while
 * reading rows is passed to `onError` and destroys the stream.
 */
export function streamXlsx(
  sheetName: string,
  rows: AsyncIterable<readonly XlsxCell[]>,
  onError: (error: unknown) => void,
  dateSerial: DateSerial = (date) => date.getTime() / 86_400_000 + 25_569,
): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, data, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    if (!output.destroyed) output.write(data);
    if (final) output.end();
  });
  for (const [path, xml] of staticParts(sheetName)) {
    const part = new ZipDeflate(path, { level: 6 });
    zip.add(part);
    part.push(new TextEncoder().encode(xmlDeclaration + xml), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const encoder = new TextEncoder();
  void (async () => {
    let pending = `${xmlDeclaration}<worksheet xmlns="${spreadsheetNs}"><sheetData>`;
    let rowNumber = 0;
    for await (const row of rows) {
      if (output.destroyed) return;
      pending += rowXml(row, ++rowNumber, dateSerial);
      if (pending.length < chunkSize) continue;
      sheet.push(encoder.encode(pending));
      pending = '';
      if (output.writableNeedDrain) await drainedOrClosed(output);
    }
    sheet.push(encoder.encode(`${pending}</sheetData></worksheet>`), true);
    zip.end();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
