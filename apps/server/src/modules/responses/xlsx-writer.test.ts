import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { columnName, streamXlsx, type XlsxCell } from './xlsx-writer.js';

async function* rowsOf(rows: XlsxCell[][]) {
  yield* rows;
}

describe('streamXlsx', () => {
  it('names columns as spreadsheets do', () => {
    expect([1, 2, 26, 27, 52, 702, 703].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });

  it('writes a workbook that reads back cell for cell', async () => {
    const file = await buffer(
      streamXlsx(
        'Responses',
        rowsOf([
          ['Name', 'Score', 'Note'],
          ['Ada & <Bob> "quoted"', 9.5, null],
          [null, 0, 'tab\there, bell\u0007 gone, line\nbreak'],
        ]),
        () => {},
      ),
    );
    expect(await readSheet(file, 'Responses')).toEqual([
      ['Name', 'Score', 'Note'],
      ['Ada & <Bob> "quoted"', 9.5, null],
      [null, 0, 'tab\there, bell gone, line\nbreak'],
    ]);
  });

  it('streams many rows through more than one chunk', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => [`row ${index}`, index]);
    const sheet = await readSheet(await buffer(streamXlsx('Big', rowsOf(rows), () => {})), 'Big');
    expect(sheet).toHaveLength(5000);
    expect(sheet[4999]).toEqual(['row 4999', 4999]);
  });

  it('reports a failure while reading rows and ends the stream with it', async () => {
    const errors: unknown[] = [];
    async function* failing() {
      yield ['first'];
      throw new Error('database went away');
    }
    const stream = streamXlsx('Responses', failing(), (error) => errors.push(error));
    await expect(buffer(stream)).rejects.toThrow('database went away');
    expect(errors).toHaveLength(1);
  });

  it('stops reading rows when the reader goes away', async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read += 1;
        // Random text, so that compression cannot shrink the rows to nothing.
        yield [`row ${read}`, randomBytes(600).toString('base64')];
      }
    }
    const stream = streamXlsx('Responses', endless(), () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.destroy();
    const readWhenDestroyed = read;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read - readWhenDestroyed).toBeLessThanOrEqual(1);
    // Nobody read the stream: backpressure paused the rows after a few chunks.
    expect(readWhenDestroyed).toBeLessThan(1000);
  });
});
