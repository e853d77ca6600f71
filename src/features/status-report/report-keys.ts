import { useMemo } from 'react';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ADD_ROW_KEY, REMOVE_ROW_KEY } from '~/ui/editable-rows.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';

/**
 * The report's keys, on physical keys and safe while typing (each has a modifier):
 * Ctrl/⌘+S saves the current section, Alt+↓ / Alt+↑ go to the next / previous section; in a
 * table Alt+N adds a row and Alt+Backspace removes the current one (bound by the table). All are
 * listed in the `?` sheet; save and the print views are in the palette too.
 */

export const SAVE_KEY = '$mod+KeyS';
export const NEXT_SECTION_KEY = 'Alt+ArrowDown';
export const PREVIOUS_SECTION_KEY = 'Alt+ArrowUp';
const GROUP = 'گزارش وضعیت شرکت';

export interface ReportKeyActions {
  save(): void;
  move(delta: 1 | -1): void;
  print(): void;
  printForm(): void;
}

export function useReportKeys(actions: ReportKeyActions): void {
  useShortcuts({
    [SAVE_KEY]: (e) => {
      e.preventDefault();
      actions.save();
    },
    [NEXT_SECTION_KEY]: (e) => {
      e.preventDefault();
      actions.move(1);
    },
    [PREVIOUS_SECTION_KEY]: (e) => {
      e.preventDefault();
      actions.move(-1);
    },
  });
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'status.save',
        title: 'ذخیره بخش جاری',
        shortcut: SAVE_KEY,
        group: GROUP,
        bindKey: false,
        run: () => actions.save(),
      },
      {
        id: 'status.next',
        title: 'بخش بعدی گزارش',
        shortcut: NEXT_SECTION_KEY,
        group: GROUP,
        bindKey: false,
        run: () => actions.move(1),
      },
      {
        id: 'status.previous',
        title: 'بخش پیشین گزارش',
        shortcut: PREVIOUS_SECTION_KEY,
        group: GROUP,
        bindKey: false,
        run: () => actions.move(-1),
      },
      {
        id: 'status.row.add',
        title: 'افزودن ردیف به جدول بخش',
        shortcut: ADD_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      {
        id: 'status.row.remove',
        title: 'حذف ردیف جاری جدول',
        shortcut: REMOVE_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      {
        id: 'status.print',
        title: 'چاپ گزارش وضعیت',
        group: GROUP,
        keywords: ['print', 'چاپ'],
        run: () => actions.print(),
      },
      {
        id: 'status.print-form',
        title: 'چاپ فرم وضعیت (برای تکمیل دستی)',
        group: GROUP,
        keywords: ['print', 'form', 'چاپ', 'فرم'],
        run: () => actions.printForm(),
      },
    ],
    [actions],
  );
  useRegisterCommands(commands);
}
