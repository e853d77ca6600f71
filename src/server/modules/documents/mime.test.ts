import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { documentFileName, sniffDocumentMime, XLSX } from './mime.ts';

describe('a document’s type by its bytes', () => {
  it('knows PDF, JPEG, PNG and an Excel workbook, whatever the name says', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('ترازنامه').addRow(['جمع دارایی‌ها', 1000]);
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(sniffDocumentMime(xlsx)).toBe(XLSX);
    expect(sniffDocumentMime(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffDocumentMime(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffDocumentMime(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
  });

  it('refuses a ZIP that is no workbook, HTML and empty files', () => {
    const zip = new Uint8Array(128);
    zip.set([0x50, 0x4b, 3, 4]);
    zip.set(new TextEncoder().encode('[Content_Types].xml word/document.xml'), 30);
    expect(sniffDocumentMime(zip)).toBeNull();
    expect(sniffDocumentMime(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffDocumentMime(new Uint8Array())).toBeNull();
  });

  it('names the stored file with the extension of its real type', () => {
    expect(documentFileName('C:\\docs\\صورت مالی.pdf', XLSX, 'document')).toBe('صورت مالی.xlsx');
    expect(documentFileName('scan', 'image/png', 'document')).toBe('scan.png');
    expect(documentFileName('"<>".jpg', 'image/jpeg', 'document')).toBe('document.jpg');
  });
});
