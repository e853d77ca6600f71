import { describe, expect, it } from 'vitest';
import { amountDigits, groupAmount } from '~/ui/amount-input.tsx';
import { fieldLabel, shownChanges, valueText } from './format.ts';

describe('history values', () => {
  it('names fields in Persian by the record type', () => {
    expect(fieldLabel('legal_person', 'registered_capital')).toBe('سرمایه ثبتی (ریال)');
    expect(fieldLabel('true_person', 'first_name')).toBe('نام');
    expect(fieldLabel('true_person', 'national_code')).toBe('کد ملی');
    expect(fieldLabel('shareholding', 'percentage')).toBe('درصد');
  });
  it('shows codes, amounts, dates and ids in Persian', () => {
    expect(valueText('registered_capital', '1250000000')).toBe('۱٬۲۵۰٬۰۰۰٬۰۰۰');
    expect(valueText('status', 'dissolving')).toBe('در حال انحلال');
    expect(valueText('registration_date', '2019-08-03')).toBe('۱۳۹۸/۰۵/۱۲');
    expect(valueText('national_id', '10280123208')).toBe('۱۰۲۸۰۱۲۳۲۰۸');
    expect(valueText('industry_id', 7)).toBe('شناسه ۷');
    expect(valueText('industry_id', 7, { 7: 'فلزات اساسی' })).toBe('فلزات اساسی');
    expect(valueText('is_listed', true)).toBe('بله');
    expect(valueText('education_level', 'دکتری')).toBe('دکتری');
    expect(valueText('education_level', 'master')).toBe('کارشناسی ارشد');
    expect(valueText('ticker', null)).toBe('—');
  });
  it('drops bookkeeping and fields empty before and after', () => {
    const changes = [
      { field: 'version', before: 1, after: 2 },
      { field: 'ticker', before: null, after: '' },
      { field: 'name', before: null, after: 'الف' },
    ];
    expect(shownChanges(changes).map((c) => c.field)).toEqual(['name']);
  });
});

describe('amounts as typed', () => {
  it('groups Persian digits and gives the ASCII digit string', () => {
    expect(groupAmount('1250000')).toBe('۱٬۲۵۰٬۰۰۰');
    expect(amountDigits('۱٬۲۵۰,۰۰۰ ریال')).toBe('1250000');
    expect(groupAmount('')).toBe('');
  });
});
