import { type RefObject, useMemo } from 'react';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import type { ListAction } from './keys.ts';
import type { BulkAction, RowAction } from './types.ts';

const GROUP = 'فهرست';

/** The list's keys as commands: the `?` sheet lists them; the list binds the keys itself. */
const LIST_KEYS: [id: string, title: string, shortcut: string, action: ListAction][] = [
  ['list.next', 'ردیف بعدی', 'KeyJ', { type: 'move', delta: 1 }],
  ['list.previous', 'ردیف قبلی', 'KeyK', { type: 'move', delta: -1 }],
  ['list.open', 'باز کردن ردیف', 'Enter', { type: 'open' }],
  ['list.select', 'انتخاب ردیف', 'KeyX', { type: 'toggle' }],
  ['list.extend', 'انتخاب تا این ردیف', 'Shift+KeyX', { type: 'extend' }],
  ['list.extend-next', 'افزودن ردیف بعدی به انتخاب', 'Shift+KeyJ', { type: 'move', delta: 1, extend: true }],
  [
    'list.extend-previous',
    'افزودن ردیف قبلی به انتخاب',
    'Shift+KeyK',
    { type: 'move', delta: -1, extend: true },
  ],
  ['list.select-all', 'انتخاب همه موارد منطبق با فیلتر', '$mod+KeyA', { type: 'select-all' }],
  [
    'list.undo',
    'بازگرداندن آخرین عملیات گروهی (باز هم: عملیات پیش از آن، به ترتیب)',
    '$mod+KeyZ',
    { type: 'undo' },
  ],
  ['list.clear-selection', 'لغو انتخاب', 'Escape', { type: 'clear-selection' }],
  ['list.filter', 'جست‌وجو در فهرست', 'Slash', { type: 'focus-filter' }],
  ['list.sort', 'مرتب‌سازی با ستون جاری', 'KeyS', { type: 'sort' }],
  ['list.sort-add', 'افزودن ستون جاری به مرتب‌سازی (تا سه ستون)', 'Shift+KeyS', { type: 'sort-add' }],
  ['list.columns', 'ستون‌های فهرست (نمایش و عرض)', 'Shift+KeyV', { type: 'columns' }],
  ['list.clear-filters', 'پاک کردن فیلترها', 'Shift+KeyC', { type: 'clear-filters' }],
  ['list.filter-builder', 'فیلتر پیشرفته (شرط‌ها و گروه‌های و/یا)', 'Shift+KeyF', { type: 'filter-builder' }],
  ['list.first', 'اولین ردیف', 'Home', { type: 'first' }],
  ['list.last', 'آخرین ردیف فهرست', 'End', { type: 'last' }],
  ['list.first-ctrl', 'اولین ردیف (مثل صفحه‌گسترده)', '$mod+Home', { type: 'first' }],
  ['list.last-ctrl', 'آخرین ردیف (مثل صفحه‌گسترده)', '$mod+End', { type: 'last' }],
  ['list.goto', 'رفتن به ردیف…', 'Shift+Semicolon', { type: 'ask-goto' }],
];

/**
 * Registers the list's keys while a list is on screen, the screen's row actions and its bulk
 * actions (keys that act on the selected rows). The sheet
 * lists them (not the palette, except filtering and clearing filters, which make sense to pick
 * there); the list binds the keys itself.
 */
export function useListCommands<T>(
  perform: RefObject<(action: ListAction) => boolean>,
  rowActions: readonly RowAction<T>[] = [],
  bulkActions: readonly BulkAction[] = [],
): void {
  const commands = useMemo<Command[]>(
    () => [
      ...LIST_KEYS.map(([id, title, shortcut, action]) => ({
        id,
        title,
        shortcut,
        group: GROUP,
        bindKey: false,
        palette:
          id === 'list.filter' ||
          id === 'list.clear-filters' ||
          id === 'list.filter-builder' ||
          id === 'list.columns' ||
          id === 'list.goto',
        run: () => {
          perform.current(action);
        },
      })),
      ...rowActions.map((a) => ({
        id: `list.row.${a.id}`,
        title: `${a.title} (ردیف جاری)`,
        shortcut: a.key,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      })),
      ...bulkActions
        .filter((a) => a.key)
        .map((a) => ({
          id: `list.bulk.${a.id}`,
          title: `${a.title} (${a.focused ? 'ردیف جاری یا ردیف‌های انتخاب‌شده' : 'ردیف‌های انتخاب‌شده'})`,
          shortcut: a.key,
          group: GROUP,
          bindKey: false,
          palette: false,
          run: () => {},
        })),
    ],
    [perform, rowActions, bulkActions],
  );
  useRegisterCommands(commands);
}
