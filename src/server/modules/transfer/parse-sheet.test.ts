import { buffer } from 'node:stream/consumers';
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZipFile as ZipWriter } from 'yazl';
import { parseSheet, SheetRefusal, tooManyRows, UNREADABLE_XLSX } from './parse-sheet.ts';
import { openZip, ZipRefused } from './xlsx-zip.ts';

/** An .xlsx written by ExcelJS (which puts the worksheet before the shared strings, as Excel does). */
async function xlsx(fill: (ws: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('ورود'));
  wb.addWorksheet('دوم').addRow(['نباید خوانده شود']);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SheetRefusal);
  return (e as Error).message;
};

describe('parseSheet (xlsx, streamed)', () => {
  it('reads the first sheet: header, typed cells, Excel row numbers, blank rows dropped', async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(['نام', 'تاریخ', 'عدد', 'بله؟', 'فرمول', 'غنی']);
      const r = ws.addRow(['شرکت الف', new Date(Date.UTC(2020, 2, 20)), 1200, true, null, null]);
      r.getCell(2).numFmt = 'yyyy-mm-dd';
      r.getCell(5).value = { formula: 'C2*2', result: 2400 };
      r.getCell(6).value = { richText: [{ text: 'پر' }, { text: 'رنگ', font: { bold: true } }] };
      ws.addRow([]);
      ws.addRow(['  ', null]);
      ws.getCell('A5').value = 'شرکت ب';
    });
    const sheet = await parseSheet('xlsx', bytes, 10);
    expect(sheet.header).toEqual(['نام', 'تاریخ', 'عدد', 'بله؟', 'فرمول', 'غنی']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['شرکت الف', new Date(Date.UTC(2020, 2, 20)), 1200, true, 2400, 'پررنگ'] },
      { row: 5, cells: ['شرکت ب', null, null, null, null, null] },
    ]);
  });

  it('stops at the first data row past the limit', async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(['نام']);
      for (let i = 0; i < 50; i++) ws.addRow([`ردیف ${i}`]);
    });
    expect(await refusal(parseSheet('xlsx', bytes, 10))).toBe(tooManyRows(10));
    expect((await parseSheet('xlsx', bytes, 50)).rows).toHaveLength(50);
  });

  it('refuses what is not a workbook, and a workbook without a worksheet, in Persian', async () => {
    const notZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(await refusal(parseSheet('xlsx', notZip, 10))).toMatch(/[\u0600-\u06FF]/);
    const wb = new ExcelJS.Workbook();
    const empty = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(await refusal(parseSheet('xlsx', empty, 10))).toContain('برگه');
  });
});

/** The offset of `name`'s central directory header in `bytes` (a ZIP without comment). */
function centralHeader(bytes: Uint8Array, name: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  for (let at = view.getUint32(end + 16, true); at < end; ) {
    const [n, x, c] = [28, 30, 32].map((o) => view.getUint16(at + o, true)) as [number, number, number];
    if (new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + n)) === name) return at;
    at += 46 + n + x + c;
  }
  throw new Error(`no ${name}`);
}

describe('the ZIP layer (xlsx-zip.ts: yauzl, then a stored re-pack for ExcelJS)', () => {
  it('lists entries with their declared sizes, and refuses encrypted entries and broken archives', async () => {
    const bytes = await xlsx((ws) => ws.addRow(['نام']));
    const { entries } = await openZip(bytes);
    const sheet = entries.find((e) => e.fileName === 'xl/worksheets/sheet1.xml')!;
    expect(sheet.compressionMethod).toBe(8);
    expect(sheet.uncompressedSize).toBeGreaterThan(sheet.compressedSize);

    // Set the encryption bit (general purpose flag bit 0) of the worksheet's central directory header.
    const encrypted = bytes.slice();
    const at = centralHeader(encrypted, 'xl/worksheets/sheet1.xml');
    new DataView(encrypted.buffer).setUint16(at + 8, 1, true);
    await expect(openZip(encrypted)).rejects.toThrow(/encrypted xl\/worksheets\/sheet1.xml/);
    // A central directory said to start past the end of the file (as ZIP64 would mark it).
    const pastEnd = bytes.slice();
    new DataView(pastEnd.buffer).setUint32(pastEnd.length - 22 + 16, 0xffffffff, true);
    await expect(openZip(pastEnd)).rejects.toThrow(ZipRefused);
    await expect(openZip(new Uint8Array(10))).rejects.toThrow(ZipRefused);
  });

  it('reads a ZIP64 archive like any other: its declared sizes are what the caller bounds', async () => {
    const writer = new ZipWriter();
    writer.addBuffer(Buffer.alloc(100, 0x20), 'xl/workbook.xml', { forceZip64Format: true });
    writer.end({ forceZip64Format: true, comment: '' }); // @types/yazl wants both fields
    const { entries } = await openZip(await buffer(writer.outputStream));
    expect(entries.map((e) => [e.fileName, e.uncompressedSize])).toEqual([['xl/workbook.xml', 100]]);
  });

  it('refuses, in Persian, a worksheet that inflates past the size its header declares', async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(['نام']);
      for (let i = 0; i < 2000; i++) ws.addRow([`ردیف ${i}`]);
    });
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const at = centralHeader(bytes, 'xl/worksheets/sheet1.xml');
    view.setUint32(at + 24, 1000, true); // declared inflated size: 1000 bytes
    expect(await refusal(parseSheet('xlsx', bytes, 10_000))).toContain('اندازهٔ اعلام‌شده');
  });

  it('never inflates an entry hidden in a part behind a data descriptor signature', async () => {
    // A data descriptor, which unzipper (inside ExcelJS) would take for the end of a part re-packed
    // with one, then the local header of a deflated entry of 4 GiB of spaces (1 MiB blocks, each
    // ending with a full flush so that it can be repeated, then an empty final block).
    const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
      level: 9,
      finishFlush: zlibConstants.Z_FULL_FLUSH,
    });
    const bomb = Buffer.concat([
      ...Array.from({ length: 4096 }, () => block),
      deflateRawSync(Buffer.alloc(0)),
    ]);
    const name = Buffer.from('xl/worksheets/sheet2.xml');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(bomb.length, 18);
    header.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    const hidden = Buffer.concat([descriptor, header, name, bomb]);
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const row = '<row r="1"><c r="A1" t="inlineStr"><is><t>نام</t></is></c></row>';
    const parts = {
      'xl/workbook.xml': `<workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      'xl/sharedStrings.xml': `<sst ${ns}></sst>`,
      'xl/worksheets/sheet1.xml': `<worksheet ${ns}><sheetData>${row}</sheetData></worksheet>`,
    };
    // Hidden in the shared strings (a part read before the worksheet), then in the worksheet.
    for (const host of ['xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'] as const) {
      const writer = new ZipWriter();
      for (const [path, xml] of Object.entries(parts)) {
        const at = xml.lastIndexOf('</');
        const content =
          path === host
            ? Buffer.concat([Buffer.from(xml.slice(0, at)), hidden, Buffer.from(xml.slice(at))])
            : Buffer.from(xml);
        writer.addBuffer(content, path);
      }
      writer.end();
      const bytes = new Uint8Array(await buffer(writer.outputStream));
      // The part is read whole, as declared: not XML, refused, and nothing hidden is inflated
      // (4 GiB of it would not fit the test's time).
      expect(await refusal(parseSheet('xlsx', bytes, 10)), host).toBe(UNREADABLE_XLSX);
    }
  }, 30_000);
});

describe('parseSheet (csv)', () => {
  it('stops a CSV of a million empty lines at the limit', async () => {
    const bytes = new TextEncoder().encode(`نام\n${'\n'.repeat(1_000_000)}`);
    expect(await refusal(parseSheet('csv', bytes, 20_000))).toBe(tooManyRows(20_000));
  });

  it('reads back a cell the export escaped as a formula, and leaves other quotes alone', async () => {
    const csv = `نام,یادداشت\n"'=HYPERLINK(""http://x"",""y"")",'-2+3\n'@SUM(1),'quoted\n`;
    const sheet = await parseSheet('csv', new TextEncoder().encode(csv), 10);
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ['=HYPERLINK("http://x","y")', '-2+3'],
      ['@SUM(1)', "'quoted"],
    ]);
  });

  it('reads header and non-blank rows with their line numbers', async () => {
    const bytes = new TextEncoder().encode('\uFEFFنام,کد\nالف,1\n,\nب,2\n');
    expect(await parseSheet('csv', bytes, 10)).toEqual({
      header: ['نام', 'کد'],
      rows: [
        { row: 2, cells: ['الف', '1'] },
        { row: 4, cells: ['ب', '2'] },
      ],
    });
  });
});
