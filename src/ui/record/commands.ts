import { useMemo, useRef } from 'react';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';

/** A section of a record view and the key that jumps to it. */
export interface RecordSectionKey {
  id: string;
  title: string;
  /** Physical key: Digit1 ... */
  key: string;
}

/**
 * A record view's commands while it is open: its sections (1–9) and back to the list (⌫). The
 * view binds the keys itself (before the page header's Esc); the palette and the `?` sheet
 * list them here.
 */
export function useRecordCommands(
  group: string,
  sections: readonly RecordSectionKey[],
  jump: (id: string) => void,
  back: () => void,
): void {
  const commands = useMemo<Command[]>(
    () => [
      ...sections.map((s) => ({
        id: `record.section.${s.id}`,
        title: `رفتن به بخش ${s.title}`,
        shortcut: s.key,
        group,
        bindKey: false,
        run: () => jump(s.id),
      })),
      {
        id: 'record.back',
        title: 'بازگشت به فهرست',
        shortcut: 'Backspace',
        group,
        bindKey: false,
        run: back,
      },
    ],
    [group, sections, jump, back],
  );
  useRegisterCommands(commands);
}

/**
 * A command that opens a record form (new on a list, edit on a view), on its key and in the
 * palette, shown only when the role may open `path`.
 */
export function useFormCommand(command: {
  id: string;
  title: string;
  shortcut: string;
  group: string;
  path: string;
  keywords?: string[];
  run(): void;
}): void {
  const { id, title, shortcut, group, path } = command;
  const latest = useRef(command.run);
  latest.current = command.run;
  const keywords = command.keywords?.join(' ');
  const commands = useMemo<Command[]>(
    () => [
      {
        id,
        title,
        shortcut,
        group,
        keywords: keywords?.split(' '),
        isVisible: (ctx) => ctx.canOpen(path),
        run: () => {
          // A confirmation on screen owns the keys.
          if (document.querySelector('[role=alertdialog]:not([data-state=closed])')) return;
          latest.current();
        },
      },
    ],
    [id, title, shortcut, group, path, keywords],
  );
  useRegisterCommands(commands);
}

/**
 * A persons list's transfer commands while its screen is open: export the current view to Excel
 * (Shift+E) or CSV (palette), and import from a file (Shift+I, shown only when the role may open
 * `editPath`, i.e. holds the list's edit permission).
 */
export function useTransferCommands(command: {
  prefix: string;
  group: string;
  editPath: string;
  exportXlsx(): void;
  exportCsv(): void;
  openImport(): void;
}): void {
  const latest = useRef(command);
  latest.current = command;
  const { prefix, group, editPath } = command;
  const commands = useMemo<Command[]>(() => {
    // A dialog on screen owns the keys.
    const free = () =>
      !document.querySelector(
        '[role=dialog]:not([data-state=closed]), [role=alertdialog]:not([data-state=closed])',
      );
    return [
      {
        id: `${prefix}.export.xlsx`,
        title: 'خروجی Excel از فهرست',
        shortcut: 'Shift+KeyE',
        group,
        keywords: ['export', 'excel', 'xlsx', 'خروجی', 'اکسل'],
        run: () => free() && latest.current.exportXlsx(),
      },
      {
        id: `${prefix}.export.csv`,
        title: 'خروجی CSV از فهرست',
        group,
        keywords: ['export', 'csv', 'خروجی'],
        run: () => free() && latest.current.exportCsv(),
      },
      {
        id: `${prefix}.import`,
        title: 'ورود از پرونده Excel یا CSV',
        shortcut: 'Shift+KeyI',
        group,
        keywords: ['import', 'excel', 'csv', 'ورود', 'بارگذاری'],
        isVisible: (ctx) => ctx.canOpen(editPath),
        run: () => free() && latest.current.openImport(),
      },
    ];
  }, [prefix, group, editPath]);
  useRegisterCommands(commands);
}
