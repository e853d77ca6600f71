import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  allEntityActions,
  type EntityAction,
  type EntityRef,
  registerEntityActions,
} from '~/lib/entity-actions.ts';
import {
  actionsHeading,
  ENTITIES_HEADING,
  entityOfEntry,
  flatten,
  type PaletteEntry,
  type PaletteNav,
  paletteNav,
  RECENT_HEADING,
  rankActions,
  rankPalette,
} from './palette-model.ts';
import { pushRecent, RECENT_LIMIT } from './recent.ts';

const cmd = (key: string, title: string, keywords: string[] = [], group = 'رفتن به'): PaletteEntry => ({
  key,
  title,
  keywords,
  group,
});

const commands = [
  cmd('cmd:home', 'داشبورد', ['home', 'dashboard']),
  cmd('cmd:legal', 'اشخاص حقوقی', ['companies', 'شرکت‌ها']),
  cmd('cmd:true', 'اشخاص حقیقی', ['people']),
  cmd('cmd:users', 'کاربران', ['users'], 'مدیریت'),
  cmd('cmd:sheet', 'فهرست میان‌برها', ['shortcuts', 'keys'], 'عمومی'),
];
const company: PaletteEntry = {
  key: 'legal:7',
  title: 'فولاد مبارکه اصفهان',
  keywords: [],
  group: ENTITIES_HEADING,
};

describe('palette ranking', () => {
  it('shows recent items first when nothing is typed, then the groups', () => {
    const groups = rankPalette(commands, [], '', ['cmd:users', 'cmd:gone']);
    expect(groups.map((g) => g.heading)).toEqual([RECENT_HEADING, 'رفتن به', 'عمومی']);
    expect(groups[0]!.entries.map((e) => e.key)).toEqual(['cmd:users']);
    expect(flatten(groups)).toHaveLength(commands.length);
  });

  it('puts contiguous command matches before server results, scattered ones after', () => {
    const groups = rankPalette(commands, [company], 'اشخاص', []);
    expect(flatten(groups).map((e) => e.key)).toEqual(['cmd:legal', 'cmd:true', 'legal:7']);
    const scattered = rankPalette(commands, [company], 'اقی', []);
    expect(scattered.map((g) => g.heading)).toEqual([ENTITIES_HEADING, 'نزدیک به جستجو']);
  });

  it('lets a company lead when no command title holds the query', () => {
    const first = flatten(rankPalette(commands, [company], 'فولاد', []))[0];
    expect(first?.key).toBe('legal:7');
  });

  it('matches with Arabic letters, Latin keywords and recent items first', () => {
    expect(flatten(rankPalette(commands, [], 'كاربران', []))[0]?.key).toBe('cmd:users');
    expect(flatten(rankPalette(commands, [], 'compan', []))[0]?.key).toBe('cmd:legal');
    expect(flatten(rankPalette(commands, [], 'اشخاص', ['cmd:true']))[0]?.key).toBe('cmd:true');
  });

  it('remembers recent choices without duplicates, newest first, up to the limit', () => {
    let list = pushRecent([], { key: 'a' });
    list = pushRecent(list, { key: 'b' });
    list = pushRecent(list, { key: 'a' });
    expect(list.map((x) => x.key)).toEqual(['a', 'b']);
    for (let i = 0; i < 20; i++) list = pushRecent(list, { key: `k${i}` });
    expect(list).toHaveLength(RECENT_LIMIT);
  });
});

const fooCo: EntityRef = { kind: 'legal', id: 7, title: 'فولاد مبارکه اصفهان' };
const act = (id: string, title: string, href: string, keywords: string[] = []): EntityAction => ({
  id,
  title,
  keywords,
  href: (e) => href.replace('{id}', String(e.id)),
});
const companyActions: EntityAction[] = [
  act('legal.open', 'باز کردن پرونده', '/person/legal-persons/view/{id}', ['open']),
  act('legal.edit', 'ویرایش', '/person/legal-persons/update/{id}', ['edit']),
  act('legal.status', 'گزارش وضعیت', '/person/legal-persons/status/{id}', ['status report']),
  act('legal.history', 'تاریخچه تغییرات', '/person/legal-persons/view/{id}#history', ['history']),
  // Still `planned` in the route registry: hidden even from a super admin.
  act('legal.asset', 'دارایی', '/asset-list/view/{id}'),
];

describe('palette pages', () => {
  const root: PaletteNav = { pages: [], search: 'فولاد' };

  it('pushes an entity page with an empty input and pops back to the text typed before', () => {
    const inside = paletteNav(root, { type: 'page.push', entity: fooCo });
    expect(inside.pages.map((p) => p.entity.id)).toEqual([7]);
    expect(inside.search).toBe('');
    const typed = paletteNav(inside, { type: 'search.change', search: 'گز' });
    // Backspace with text only edits the text (the input's own business).
    expect(paletteNav(typed, { type: 'key.backspace' })).toBe(typed);
    const emptied = paletteNav(typed, { type: 'search.change', search: '' });
    expect(paletteNav(emptied, { type: 'key.backspace' })).toEqual(root);
    expect(paletteNav(inside, { type: 'page.pop' })).toEqual(root);
    // At the root, Backspace on an empty input and Esc change nothing (Esc then closes).
    const empty: PaletteNav = { pages: [], search: '' };
    expect(paletteNav(empty, { type: 'key.backspace' })).toBe(empty);
    expect(paletteNav(empty, { type: 'page.pop' })).toBe(empty);
    expect(paletteNav(inside, { type: 'reset', search: 'x' })).toEqual({ pages: [], search: 'x' });
  });

  it('knows companies and people from their entry keys, not commands', () => {
    expect(entityOfEntry({ key: 'legal:7', title: 'الف' })).toEqual({ kind: 'legal', id: 7, title: 'الف' });
    expect(entityOfEntry({ key: 'true:12', title: 'ب', hint: '۱' })?.kind).toBe('true');
    expect(entityOfEntry({ key: 'cmd:nav:/person/legal-persons', title: 'اشخاص حقوقی' })).toBeNull();
  });

  it('filters an entity page by what is typed, in registry order without a query', () => {
    const all = rankActions(companyActions, fooCo, '');
    expect(all[0]?.heading).toBe(actionsHeading(fooCo));
    expect(flatten(all).map((e) => e.key)).toEqual(companyActions.map((a) => `action:${a.id}`));
    expect(flatten(rankActions(companyActions, fooCo, 'وضعیت')).map((e) => e.key)).toEqual([
      'action:legal.status',
    ]);
    expect(flatten(rankActions(companyActions, fooCo, 'histo'))[0]?.key).toBe('action:legal.history');
    expect(rankActions(companyActions, fooCo, 'zzzz')).toEqual([]);
  });

  it('hides actions whose screen the role may not open or which is not built yet', () => {
    const registry = { legal: companyActions, true: [] };
    const superAdmin = { canOpen: () => true };
    expect(actionsFor(registry, fooCo, superAdmin).map((a) => a.id)).toEqual([
      'legal.open',
      'legal.edit',
      'legal.status',
      'legal.history',
    ]);
    const viewer = { canOpen: (path: string) => !path.includes('/update/') };
    expect(actionsFor(registry, fooCo, viewer).map((a) => a.id)).toEqual([
      'legal.open',
      'legal.status',
      'legal.history',
    ]);
    expect(actionsFor(registry, { ...fooCo, kind: 'true' }, superAdmin)).toEqual([]);
  });

  it('registers actions per kind; a later registration with the same id replaces the first', () => {
    const before = allEntityActions().true.length;
    const offA = registerEntityActions('true', [act('t.a', 'الف', '/a/{id}'), act('t.b', 'ب', '/b/{id}')]);
    const offB = registerEntityActions('true', [act('t.a', 'الف ۲', '/a/{id}')]);
    const mine = allEntityActions().true.slice(before);
    expect(mine.map((a) => [a.id, a.title])).toEqual([
      ['t.a', 'الف ۲'],
      ['t.b', 'ب'],
    ]);
    offB();
    offA();
    expect(allEntityActions().true).toHaveLength(before);
  });
});
