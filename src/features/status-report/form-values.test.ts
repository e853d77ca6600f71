import { describe, expect, it } from 'vitest';
import { SECTION_SCHEMAS, STATUS_SECTIONS } from '~/contract/status-report.ts';
import { legalIdCheckDigit } from '~/domain/identifiers.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { blankRow, payloadOf, percentOf, valuesOf } from './form-values.ts';

/** What the form shows of saved data reads back, through the section's schema, as the same data. */

const legalId = `1010101000${legalIdCheckDigit('1010101000')}`;
const saved: Record<number, Record<string, unknown>> = {
  1: {
    national_id: legalId,
    registration_number: '12345',
    registration_date: '2011-04-04',
    registration_city: 'تهران',
    legal_form: 'سهامی خاص',
    economic_code: '411111111111',
    last_change_date: null,
    last_changes: null,
  },
  3: {
    notes: null,
    rows: [
      {
        holder: 'سازمان الف',
        holder_type: 'حقوقی',
        holder_national_id: '10100000000',
        share_count: '293941830841',
        fraction: '0.296064',
      },
      { holder: 'صندوق ب', holder_type: null, holder_national_id: null, share_count: '5', fraction: null },
    ],
  },
  5: {
    total: 12,
    notes: null,
    rows: [{ education_level: 'دکتری', permanent: 10, contract: 2, other: null }],
  },
  7: {
    auditor_opinion: 'مشروط',
    notes: 'یادداشت',
    rows: [{ fiscal_year: 1403, revenue: '1000', net_profit: '-250', total_assets: null, equity: '0' }],
  },
  10: { notes: null, rows: [{ title: 'اساسنامه', on_file: true, note: null }] },
};

describe('form values', () => {
  it('round-trip saved data through the form and the schema unchanged', () => {
    for (const [n, data] of Object.entries(saved)) {
      const spec = STATUS_SECTIONS[Number(n)]!;
      const parsed = SECTION_SCHEMAS[spec.n]!.safeParse(payloadOf(spec, valuesOf(spec, data)));
      expect(parsed.success, spec.title).toBe(true);
      expect(parsed.data).toEqual(data);
    }
  });

  it('show Persian digits, Jalali dates and percentages', () => {
    const v = valuesOf(STATUS_SECTIONS[1]!, saved[1]!);
    expect(v.fields.registration_date).toBe('۱۳۹۰/۰۱/۱۵');
    expect(v.fields.national_id).toBe(toPersianDigits(legalId));
    expect(percentOf('0.296064')).toBe('۲۹٫۶۰۶۴');
    expect(percentOf(null)).toBe('');
  });

  it('make empty rows that the schema refuses only for their required cells', () => {
    const spec = STATUS_SECTIONS[3]!;
    const r = SECTION_SCHEMAS[3]!.safeParse({ rows: [blankRow(spec)] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'rows.0.holder',
      'rows.0.share_count',
    ]);
  });
});
