import { z } from 'zod';
import { normalizePhone } from './contacts.ts';
import { defineEntity } from './entity.ts';
import { optionalText, persianText, pickedId } from './fields.ts';
import { ownedBy } from './owners.ts';

/**
 * Branches (شعبه) of a legal person. Calls (person.legal.view to read, person.legal.edit to change):
 * - GET    /api/person/legal-persons/:id/branches/:branchId → `Branch`; 404.
 * - POST   /api/person/legal-persons/:id/branches           `branchInput` → `Branch`; 422 per field.
 * - PUT    /api/person/legal-persons/:id/branches/:branchId `branchInput` → `Branch`; 404, 422.
 * - DELETE /api/person/legal-persons/:id/branches/:branchId → `{ deleted: true }`; 404.
 * A missing or deleted legal person answers 404; a `city_id` naming no city 422.
 */

/** Optional phone: '' and missing become null; else 4–15 digits (Persian digits and separators accepted). */
const optionalPhone = z
  .string()
  .max(40, 'تلفن حداکثر ۴۰ نویسه است')
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v.trim() === '') return null;
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'تلفن باید ۴ تا ۱۵ رقم باشد؛ مانند ۰۲۱-۸۸۸۸۸۸۸۸' });
      return z.NEVER;
    }
    return p;
  });

/** Body of branch create and update. */
export const branchInput = z.object({
  name: persianText('نام شعبه', 120),
  city_id: z
    .union([z.literal(''), z.null(), pickedId('شهر را از فهرست انتخاب کنید')])
    .optional()
    .transform((v) => (v === '' || v == null ? null : v)),
  address: optionalText('نشانی', 500),
  phone: optionalPhone,
  manager: optionalText('نام مدیر', 120),
});
export type BranchInput = z.input<typeof branchInput>;

/** A branch as the API answers it. */
export const branch = z.object({
  id: z.number().int(),
  legal_person_id: z.number().int(),
  name: z.string(),
  city: z.object({ id: z.number().int(), name: z.string(), province: z.string().nullable() }).nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  manager: z.string().nullable(),
});
export type Branch = z.infer<typeof branch>;

/**
 * A branch: a sub-record of a legal person, in the section «شعب» of its page (rows as the
 * company's detail lists them, `BranchItem`), edited on a page of its own (/person/legal-person-branch/*).
 */
export const branchEntity = defineEntity({
  name: 'branch',
  id: 'id',
  display: 'name',
  title: 'شعبه',
  plural: 'شعب',
  defaultSort: 'name',
  ...ownedBy({ kinds: ['legal'], segment: 'branches', param: 'branchId' }),
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: { type: 'text', label: 'نام شعبه', max: 120, column: { width: 240, grow: true } },
    city_id: { type: 'int', label: 'شهر', nullable: true },
    city: { type: 'text', label: 'شهر', nullable: true, column: { width: 144 } },
    manager: {
      type: 'text',
      label: 'مدیر شعبه',
      max: 120,
      nullable: true,
      column: { width: 160, header: 'مدیر' },
    },
    phone: { type: 'text', label: 'تلفن', nullable: true, column: { width: 144 } },
    address: { type: 'text', label: 'نشانی', max: 500, nullable: true, column: { width: 240, grow: true } },
  },
});
