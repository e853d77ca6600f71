import { describe, expect, it } from 'vitest';
import { SECTION_SCHEMAS, STATUS_SECTIONS, statusSectionParams } from './status-report.ts';

/** The status report's section schemas: canonical output of valid input, Persian messages by path. */

const parse = (n: number, data: unknown) => SECTION_SCHEMAS[n]!.safeParse(data);
function errors(n: number, data: unknown): Record<string, string> {
  const r = parse(n, data);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const persian = (s: string) => /[\u0600-\u06FF]/.test(s);

describe('the sections', () => {
  it('are eleven, numbered 0..10, with distinct keys and Persian titles', () => {
    expect(STATUS_SECTIONS.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(STATUS_SECTIONS.map((s) => s.key)).size).toBe(11);
    expect(STATUS_SECTIONS.every((s) => persian(s.title))).toBe(true);
    expect(SECTION_SCHEMAS).toHaveLength(11);
  });

  it('accept an empty form (every field optional but names of table rows) with canonical nulls', () => {
    for (const s of STATUS_SECTIONS) {
      const r = parse(s.n, {});
      const required = s.fields.filter((f) => f.required).map((f) => f.name);
      if (required.length) expect(Object.keys(errors(s.n, {}))).toEqual(required);
      else {
        expect(r.success).toBe(true);
        if (s.table) expect((r.data as { rows: unknown[] }).rows).toEqual([]);
      }
    }
  });
});

describe('valid examples', () => {
  it('general: Persian letters normalised, choices kept, postal code to ASCII', () => {
    const r = parse(0, {
      name: 'شركت ملي نفت',
      ownership_type: 'دولتی',
      postal_code: '۱۱۹۳۶-۵۳۴۷۱',
      report_date: '۱۴۰۳/۰۱/۱۵',
    });
    expect(r.data).toMatchObject({
      name: 'شرکت ملی نفت',
      ownership_type: 'دولتی',
      postal_code: '1193653471',
      report_date: '2024-04-03',
      status: null,
      notes: null,
    });
  });

  it('capital: grouped Persian amounts → digit strings; capital = shares × nominal', () => {
    const r = parse(2, {
      registered_capital: '۱٬۰۰۰٬۰۰۰٬۰۰۰',
      share_count: '1,000,000',
      nominal_share_value: '۱۰۰۰',
      paid_in_capital: '',
    });
    expect(r.data).toMatchObject({
      registered_capital: '1000000000',
      share_count: '1000000',
      nominal_share_value: '1000',
      paid_in_capital: null,
    });
  });

  it('shareholders: percentages typed → fractions with 6 decimals', () => {
    const r = parse(3, {
      rows: [
        {
          holder: 'سازمان خصوصی‌سازی',
          holder_type: 'حقوقی',
          holder_national_id: '۱۰۱۰۰۰۰۰۰۰۰',
          share_count: '600',
          fraction: '۶۰',
        },
        { holder: 'صندوق بازنشستگی', holder_type: '', share_count: '400', fraction: '39.5٪' },
      ],
    });
    const rows = (r.data as { rows: Record<string, unknown>[] }).rows;
    expect(rows[0]).toMatchObject({
      fraction: '0.600000',
      holder_national_id: '10100000000',
      share_count: '600',
    });
    expect(rows[1]).toMatchObject({ fraction: '0.395000', holder_type: null, holder_national_id: null });
  });

  it('board, employees, financial: dates to ISO, counts and years to integers, losses signed', () => {
    expect(
      parse(4, {
        term_start: '1402/04/01',
        term_end: '1404/03/31',
        rows: [{ member: 'علی رضایی', is_executive: true }],
      }).data,
    ).toMatchObject({
      term_start: '2023-06-22',
      term_end: '2025-06-21',
      rows: [{ member: 'علی رضایی', is_executive: true, position: null, start_date: null }],
    });
    expect(
      parse(5, {
        total: '۱۲',
        rows: [{ education_level: 'کارشناسی', permanent: '۱۰', contract: 2, other: '' }],
      }).data,
    ).toMatchObject({
      total: 12,
      rows: [{ permanent: 10, contract: 2, other: null }],
    });
    expect(
      parse(7, { rows: [{ fiscal_year: '۱۴۰۲', net_profit: '(۲۵۰٬۰۰۰)', equity: '-0', revenue: '1000' }] })
        .data,
    ).toMatchObject({
      rows: [{ fiscal_year: 1402, net_profit: '-250000', equity: '0', revenue: '1000', total_assets: null }],
    });
  });

  it('documents: check boxes default to false', () => {
    expect(parse(10, { rows: [{ title: 'اساسنامه' }] }).data).toMatchObject({
      rows: [{ title: 'اساسنامه', on_file: false, note: null }],
    });
  });
});

describe('invalid examples', () => {
  it('name the field (and the table cell by row) with a Persian message', () => {
    const e = errors(3, {
      rows: [
        { holder: 'الف', share_count: '10' },
        { holder: '', holder_type: 'خارجی', share_count: '-5', fraction: '120', holder_national_id: 'abc' },
      ],
    });
    expect(Object.keys(e).sort()).toEqual([
      'rows.1.fraction',
      'rows.1.holder',
      'rows.1.holder_national_id',
      'rows.1.holder_type',
      'rows.1.share_count',
    ]);
    expect(Object.values(e).every(persian)).toBe(true);
  });

  it('check across fields: capital arithmetic, paid-in, shares over 100%, term order, head counts, repeated years', () => {
    expect(
      errors(2, {
        registered_capital: '5',
        share_count: '2',
        nominal_share_value: '2',
        paid_in_capital: '9',
      }),
    ).toEqual({
      registered_capital: 'سرمایه ثبتی باید برابر تعداد سهام ضرب در ارزش اسمی هر سهم باشد',
      paid_in_capital: 'سرمایه پرداخت‌شده نمی‌تواند از سرمایه ثبتی بیشتر باشد',
    });
    expect(
      Object.keys(
        errors(3, {
          rows: [
            { holder: 'الف', share_count: '1', fraction: '60' },
            { holder: 'ب', share_count: '1', fraction: '41' },
          ],
        }),
      ),
    ).toEqual(['rows']);
    expect(Object.keys(errors(4, { term_start: '1403/01/01', term_end: '1402/01/01' }))).toEqual([
      'term_end',
    ]);
    expect(
      Object.keys(
        errors(5, {
          total: 5,
          rows: [
            { education_level: 'دکتری', permanent: 3 },
            { education_level: 'دکتری', other: 1 },
          ],
        }),
      ).sort(),
    ).toEqual(['rows.1.education_level', 'total']);
    expect(Object.keys(errors(7, { rows: [{ fiscal_year: 1401 }, { fiscal_year: '۱۴۰۱' }] }))).toEqual([
      'rows.1.fiscal_year',
    ]);
  });

  it('refuse bad dates, years, legal ids, amounts and too many rows', () => {
    expect(
      Object.keys(
        errors(1, { registration_date: '1402/12/30', national_id: '10100000001', legal_form: 'شرکت' }),
      ).sort(),
    ).toEqual(['legal_form', 'national_id', 'registration_date']);
    expect(Object.keys(errors(7, { rows: [{ fiscal_year: '2023', revenue: '12.5' }] })).sort()).toEqual([
      'rows.0.fiscal_year',
      'rows.0.revenue',
    ]);
    expect(
      Object.keys(errors(7, { rows: Array.from({ length: 11 }, (_, i) => ({ fiscal_year: 1400 - i })) })),
    ).toEqual(['rows']);
    expect(Object.keys(errors(5, { total: '۱٫۵' }))).toEqual(['total']);
  });

  it('section numbers are 0..10', () => {
    expect(statusSectionParams.safeParse({ id: '3', n: '10' }).success).toBe(true);
    expect(statusSectionParams.safeParse({ id: '3', n: '11' }).success).toBe(false);
    expect(statusSectionParams.safeParse({ id: '3', n: '-1' }).success).toBe(false);
  });
});
