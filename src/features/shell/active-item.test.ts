import { describe, expect, it } from 'vitest';
import type { MenuItem } from '~/contract/auth.ts';
import { activeMenuPath } from './active-item.ts';

const item = (id: number, title: string, path: string | null, children: MenuItem[] = []): MenuItem => ({
  id,
  title,
  path,
  icon: null,
  children,
});
const menu = [
  item(1, 'خانه', null, [item(2, 'داشبورد', '/')]),
  item(3, 'اشخاص', null, [
    item(4, 'اشخاص حقوقی', '/person/legal-persons'),
    item(5, 'اشخاص حقیقی', '/person/true-persons'),
  ]),
];

describe('active menu entry', () => {
  it('highlights the entry of the current screen or of its list', () => {
    expect(activeMenuPath(menu, '/person/legal-persons')).toBe('/person/legal-persons');
    expect(activeMenuPath(menu, '/person/legal-persons/view/12')).toBe('/person/legal-persons');
    expect(activeMenuPath(menu, '/')).toBe('/');
  });
  it('does not let the home entry match every path', () => {
    expect(activeMenuPath(menu, '/logs/sms')).toBeNull();
    expect(activeMenuPath(menu, '/person/legal-persons-x')).toBeNull();
  });
});
