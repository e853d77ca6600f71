import { describe, expect, it } from 'vitest';
import {
  ENTITIES_HEADING,
  flatten,
  type PaletteEntry,
  RECENT_HEADING,
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
