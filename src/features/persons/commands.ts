import { useMemo } from 'react';
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
