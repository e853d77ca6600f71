import { describe, expect, it } from 'vitest';
import {
  allCommands,
  type Command,
  type CommandContext,
  registerCommands,
  visibleCommands,
} from './commands.ts';

const ctx: CommandContext = {
  pathname: '/',
  navigate: () => {},
  signedIn: true,
  hasRole: true,
  isSuperAdmin: false,
  canOpen: (path) => path !== '/logs/sms',
};
const cmd = (id: string, extra: Partial<Command> = {}): Command => ({
  id,
  title: id,
  group: 'عمومی',
  run: () => {},
  ...extra,
});

describe('commands registry', () => {
  it('adds and removes commands; a later registration with the same id wins', () => {
    const offA = registerCommands([cmd('a'), cmd('b', { title: 'اول' })]);
    const offB = registerCommands([cmd('b', { title: 'دوم' })]);
    expect(allCommands().map((c) => c.id)).toEqual(['a', 'b']);
    expect(allCommands().find((c) => c.id === 'b')?.title).toBe('دوم');
    offB();
    expect(allCommands().find((c) => c.id === 'b')?.title).toBe('اول');
    offA();
    expect(allCommands()).toEqual([]);
  });

  it('hides what the context may not see', () => {
    const list = [
      cmd('sms', { isVisible: (c) => c.canOpen('/logs/sms') }),
      cmd('legal', { isVisible: (c) => c.canOpen('/person/legal-persons') }),
      cmd('always'),
    ];
    expect(visibleCommands(list, ctx).map((c) => c.id)).toEqual(['legal', 'always']);
  });
});
