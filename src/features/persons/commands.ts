import { useMemo, useRef } from 'react';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import type { RecordSectionKey } from './record-parts.tsx';

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
