import { z } from 'zod';
import { toPersianDigits } from '../domain/persian-text.ts';
import {
  DOCUMENT_MIME_TITLES,
  DOCUMENT_MIMES,
  type DocumentMime,
  MAX_DOCUMENT_BYTES,
  OWNER_TYPE_TITLES,
  OWNER_TYPES,
  type OwnerType,
} from './documents.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { persianText } from './fields.ts';

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
      input: persianText('نام نوع مستند', 80),
    },
    owner_types: {
      ...optionsOf(OWNER_TYPES, OWNER_TYPE_TITLES, true),
      label: 'دارنده',
      column: { width: 180 },
      form: { section: 'نوع مستند', order: 3, label: 'دارنده‌ها', initial: ['legal'] },
      input: z
        .array(z.string(), { error: 'دست‌کم یک نوع دارنده را انتخاب کنید' })
        .min(1, 'دست‌کم یک نوع دارنده را انتخاب کنید')
        .refine(
          (v) => v.every((x) => (OWNER_TYPES as readonly string[]).includes(x)),
          'نوع دارنده نامعتبر است',
        )
        .transform((v) => [...new Set(v)] as OwnerType[]),
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
      // in bytes
      input: z.coerce
        .number({ error: 'حداکثر حجم را وارد کنید' })
        .int('حداکثر حجم باید عدد صحیح (بایت) باشد')
        .min(1024, 'حداکثر حجم دست‌کم ۱ کیلوبایت است')
        .max(
          MAX_DOCUMENT_BYTES,
          `حداکثر حجم بیش از ${toPersianDigits(MAX_DOCUMENT_BYTES / 1024 / 1024)} مگابایت نمی‌شود`,
        ),
    },
    mime_types: {
      ...optionsOf(DOCUMENT_MIMES, DOCUMENT_MIME_TITLES, true),
      label: 'نوع پرونده',
      column: { width: 220 },
      form: { section: 'نوع مستند', order: 4, label: 'نوع‌های پرونده پذیرفته', initial: ['application/pdf'] },
      input: z
        .array(z.string(), { error: 'دست‌کم یک نوع پرونده را انتخاب کنید' })
        .min(1, 'دست‌کم یک نوع پرونده را انتخاب کنید')
        .refine(
          (v) => v.every((x) => (DOCUMENT_MIMES as readonly string[]).includes(x)),
          'نوع پرونده نامعتبر است',
        )
        .transform((v) => [...new Set(v)] as DocumentMime[]),
    },
    uses: {
      type: 'int',
      label: 'مستندها',
      column: { width: 90, description: 'شمار مستندهای ثبت‌شده از این نوع' },
    },
  },
});

/** Body of document type create and update (`max_bytes` in bytes), and a type as the API answers it (`uses` = documents of this type on file). */
export const documentTypeInput = inputSchema(documentTypeEntity);
export type DocumentTypeInput = z.input<typeof documentTypeInput>;
export const documentType = rowSchema(documentTypeEntity);
export type DocumentType = z.infer<typeof documentType>;
