import { count } from 'drizzle-orm';
import type { DocumentMime, OwnerType } from '../../contract/documents.ts';
import type { Db } from '../db/client.ts';
import { documentTypes } from '../db/schema/index.ts';

/**
 * The document types a new installation starts with (reference data, seeded in every mode; staff
 * change them at /management/document-types/list). Skipped when the table already has rows.
 */

const PDF: DocumentMime = 'application/pdf';
const JPEG: DocumentMime = 'image/jpeg';
const PNG: DocumentMime = 'image/png';
const XLSX: DocumentMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const LEGAL: OwnerType[] = ['legal'];
const TRUE: OwnerType[] = ['true'];

export const DEFAULT_DOCUMENT_TYPES: {
  name: string;
  ownerTypes: OwnerType[];
  maxBytes: number;
  mimeTypes: DocumentMime[];
}[] = [
  { name: 'اساسنامه', ownerTypes: LEGAL, maxBytes: 10 * MB, mimeTypes: [PDF] },
  { name: 'آگهی روزنامه رسمی', ownerTypes: LEGAL, maxBytes: 5 * MB, mimeTypes: [PDF, JPEG, PNG] },
  { name: 'صورت‌های مالی حسابرسی‌شده', ownerTypes: LEGAL, maxBytes: 15 * MB, mimeTypes: [PDF, XLSX] },
  { name: 'صورتجلسه مجمع', ownerTypes: LEGAL, maxBytes: 10 * MB, mimeTypes: [PDF, JPEG, PNG] },
  { name: 'کارت ملی', ownerTypes: TRUE, maxBytes: 2 * MB, mimeTypes: [JPEG, PNG, PDF] },
  { name: 'شناسنامه', ownerTypes: TRUE, maxBytes: 2 * MB, mimeTypes: [JPEG, PNG, PDF] },
  { name: 'مدرک تحصیلی', ownerTypes: TRUE, maxBytes: 5 * MB, mimeTypes: [PDF, JPEG, PNG] },
  { name: 'سایر', ownerTypes: ['legal', 'true'], maxBytes: 10 * MB, mimeTypes: [PDF, JPEG, PNG, XLSX] },
];

/** Inserts DEFAULT_DOCUMENT_TYPES unless document types exist already. */
export async function seedDocumentTypes(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(documentTypes);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(documentTypes).values(DEFAULT_DOCUMENT_TYPES);
}
