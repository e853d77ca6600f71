import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, createShortcutListener, isModified, shortcutKeys } from './shortcuts.ts';

/** A minimal KeyboardEvent stand-in (the unit project runs in Node, without a DOM). */
function press(code: string, init: { key?: string; ctrl?: boolean; shift?: boolean; target?: unknown } = {}) {
  const mods = new Set<string>([...(init.ctrl ? ['Control'] : []), ...(init.shift ? ['Shift'] : [])]);
  return Object.assign(Object.create(globalThis.KeyboardEvent?.prototype ?? Object.prototype), {
    code,
    key: init.key ?? code,
    ctrlKey: !!init.ctrl,
    shiftKey: !!init.shift,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    isComposing: false,
    target: init.target ?? null,
    getModifierState: (m: string) => mods.has(m),
  }) as KeyboardEvent;
}

const field = { tagName: 'INPUT', type: 'text', isContentEditable: false, closest: () => null };
const button = { tagName: 'BUTTON', isContentEditable: false, closest: () => null };

describe('shortcuts', () => {
  // tinykeys only handles real KeyboardEvent instances; give Node one.
  if (!globalThis.KeyboardEvent) (globalThis as any).KeyboardEvent = class {};

  it('matches the physical key whatever letter the layout types', () => {
    let opened = 0;
    const listener = createShortcutListener({ 'Control+KeyK': () => opened++ });
    listener(press('KeyK', { key: 'ن', ctrl: true }));
    listener(press('KeyL', { key: 'k', ctrl: true }));
    expect(opened).toBe(1);
  });

  it('fires sequences, but not while the user types in a field', () => {
    const went: string[] = [];
    const listener = createShortcutListener({ 'KeyG KeyL': () => went.push('legal') });
    listener(press('KeyG', { key: 'گ', target: button }));
    listener(press('KeyL', { key: 'م', target: button }));
    expect(went).toEqual(['legal']);
    listener(press('KeyG', { target: field }));
    listener(press('KeyL', { target: field }));
    expect(went).toEqual(['legal']);
  });

  it('lets modified bindings fire in fields', () => {
    let n = 0;
    const listener = createShortcutListener({ 'Control+KeyK': () => n++, 'Shift+Slash': () => n++ });
    listener(press('KeyK', { ctrl: true, target: field }));
    listener(press('Slash', { key: '؟', shift: true, target: field }));
    expect(n).toBe(1);
    listener(press('Slash', { key: '؟', shift: true, target: button }));
    expect(n).toBe(2);
  });

  it('tells modified bindings from plain ones', () => {
    expect(isModified('$mod+KeyK')).toBe(true);
    expect(isModified('Shift+Slash')).toBe(false);
    expect(isModified('KeyG KeyL')).toBe(false);
  });

  it('shows bindings as key caps', () => {
    expect(shortcutKeys('$mod+KeyK', false)).toEqual([['Ctrl', 'K']]);
    expect(shortcutKeys('$mod+KeyK', true)).toEqual([['⌘', 'K']]);
    expect(shortcutKeys('KeyG KeyL')).toEqual([['G'], ['L']]);
    expect(shortcutKeys('Shift+Slash')).toEqual([['?']]);
    expect(shortcutKeys('Escape')).toEqual([['Esc']]);
    expect(shortcutKeys('$mod+Shift+Digit1', false)).toEqual([['Ctrl', 'Shift', '1']]);
    expect(ariaKeyShortcuts('$mod+KeyK', false)).toBe('Control+K');
    expect(ariaKeyShortcuts('KeyG KeyL')).toBe('G L');
  });
});
