import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('page title', () => {
  it('is the short name, a separator, then the registry title', () => {
    expect(pageTitle('/person/legal-persons', 'ناظر')).toBe('ناظر | اشخاص حقوقی');
    expect(pageTitle('/person/legal-persons/view/12', 'سامانه')).toBe('سامانه | مشاهده شخص حقوقی');
  });
  it('takes an override and falls back to the default short name', () => {
    expect(pageTitle('/person/legal-persons/view/12', '', 'فولاد مبارکه')).toBe('ناظر | فولاد مبارکه');
    expect(pageTitle('/no/such/path', null)).toBe('ناظر');
  });
});
