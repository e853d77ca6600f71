import { DOCUMENT_MIME_TITLES, DOCUMENT_MIMES, OWNER_TYPE_TITLES, OWNER_TYPES } from './documents.ts';
import { defineEntity, optionsOf } from './entity.ts';

const MB = 1024 * 1024;

/**
 * The managed list of document types (contract/documents.ts: `documentTypeInput`, `DocumentType`)
 * described once: read whole by any role (the upload dialog's picker, GET /api/document-types),
 * created, edited and deleted with `management.system` at /management/document-types/list. The
 * largest file is stored in bytes and typed in megabytes.
 */
export const documentTypeEntity = defineEntity({
  name: 'document_type',
  title: 'نوع مستند',
  plural: 'انواع مستند',
  id: 'id',
  display: 'name',
  defaultSort: 'name',
  search: 'نام نوع مستند',
  intro: 'نوع‌هایی که مستندات اشخاص حقوقی و حقیقی زیر آن‌ها بایگانی می‌شوند، با حداکثر حجم و نوع پرونده',
  emptyText: 'هنوز نوع مستندی تعریف نشده است',
  nameInTitles: false,
  wholeList: { search: ['name'] },
  list: { label: 'انواع مستند', id: 'document-types' },
  cacheKey: ['documents', 'types'],
  keywords: ['document type', 'new', 'نوع مستند', 'جدید'],
  permissions: {
    list: 'role',
    create: 'management.system',
    update: 'management.system',
    delete: 'management.system',
  },
  paths: { list: '/api/document-types', item: '/api/document-types/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: {
      type: 'text',
      label: 'نوع مستند',
      max: 80,
      format: 'verbatim',
      column: { width: 240, grow: true },
      form: { section: 'نوع مستند', required: true, order: 1, label: 'نام', hint: 'حداکثر ۸۰ نویسه، یکتا' },
    },
    owner_types: {
      ...optionsOf(OWNER_TYPES, OWNER_TYPE_TITLES, true),
      label: 'دارنده',
      column: { width: 180 },
      form: { section: 'نوع مستند', order: 3, label: 'دارنده‌ها', initial: ['legal'] },
    },
    max_bytes: {
      type: 'int',
      label: 'حداکثر حجم',
      column: { width: 120 },
      form: {
        section: 'نوع مستند',
        required: true,
        order: 2,
        label: 'حداکثر حجم (مگابایت)',
        hint: 'تا ۱۵ مگابایت',
        scale: MB,
        initial: 5 * MB,
      },
    },
    mime_types: {
      ...optionsOf(DOCUMENT_MIMES, DOCUMENT_MIME_TITLES, true),
      label: 'نوع پرونده',
      column: { width: 220 },
      form: { section: 'نوع مستند', order: 4, label: 'نوع‌های پرونده پذیرفته', initial: ['application/pdf'] },
    },
    uses: {
      type: 'int',
      label: 'مستندها',
      column: { width: 90, description: 'شمار مستندهای ثبت‌شده از این نوع' },
    },
  },
});
