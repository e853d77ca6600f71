import { describe, expect, it } from 'vitest';
import { crumbsFor, parentCrumb } from './breadcrumbs.ts';

describe('breadcrumbs', () => {
  it('lists home, the built ancestors and the current screen', () => {
    expect(crumbsFor('/person/legal-persons/view/7')).toEqual([
      { label: 'داشبورد', to: '/' },
      { label: 'اشخاص حقوقی', to: '/person/legal-persons' },
      { label: 'مشاهده شخص حقوقی' },
    ]);
  });
  it('takes the current title from the screen when it names itself', () => {
    expect(crumbsFor('/person/true-persons/view/3', 'مریم احمدی').at(-1)).toEqual({ label: 'مریم احمدی' });
  });
  it('has only the title at home, and home then the title for top-level screens', () => {
    expect(crumbsFor('/')).toEqual([{ label: 'داشبورد' }]);
    expect(crumbsFor('/person/legal-persons')).toEqual([
      { label: 'داشبورد', to: '/' },
      { label: 'اشخاص حقوقی' },
    ]);
  });
  it('goes one level up', () => {
    expect(parentCrumb(crumbsFor('/person/legal-persons/view/7'))?.to).toBe('/person/legal-persons');
    expect(parentCrumb(crumbsFor('/'))).toBeUndefined();
  });
});
