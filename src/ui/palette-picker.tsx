import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { paletteScore } from './command-palette/filter.ts';
import { CommandPalette, PaletteEmpty, PaletteItem, PaletteLoading } from './command-palette/palette.tsx';
import { Kbd } from './kbd.tsx';

/** One choice of a palette picker. */
export interface PickerItem {
  /** What `onPick` receives (an id, a code). */
  value: string;
  title: string;
  /** A muted line beside the title (the company an issue is about, a label's types). */
  hint?: string;
}

export interface PalettePickerProps {
  /** The dialog's accessible name and the list's. */
  label: string;
  placeholder: string;
  /** The choices, filtered here as the user types (the palette's own scoring). */
  items?: readonly PickerItem[];
  /**
   * Or: the choices the server finds for the typed text (a search over thousands: issues to mark
   * one as the duplicate of), read through TanStack Query under `[...queryKey, text]`.
   */
  search?: { queryKey: readonly unknown[]; find(text: string, signal: AbortSignal): Promise<PickerItem[]> };
  /** What the list says when nothing matches. */
  emptyText: string;
  onPick(item: PickerItem): void;
  onClose(): void;
}

/**
 * Picks one of many through the command palette's shell: type to narrow, ↑/↓ to move, Enter to
 * pick, Esc to close without picking. The triage verbs ask in it (the original of a duplicate,
 * the assignee, the label, the priority), so every choice is made from the keyboard the same way
 * the palette is used everywhere else.
 */
export function PalettePicker({
  label,
  placeholder,
  items,
  search,
  emptyText,
  onPick,
  onClose,
}: PalettePickerProps) {
  const [text, setText] = useState('');
  const [value, setValue] = useState('');
  const found = useQuery({
    queryKey: [...(search?.queryKey ?? ['palette-picker']), text.trim()],
    queryFn: ({ signal }) => search!.find(text.trim(), signal),
    enabled: !!search,
    placeholderData: (previous) => previous,
  });
  const shown = useMemo(() => {
    if (search) return found.data ?? [];
    const all = items ?? [];
    const q = text.trim();
    if (!q) return all;
    return all
      .map((item) => ({ item, score: paletteScore(item.title, q, item.hint ? [item.hint] : []) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((x) => x.item);
  }, [search, found.data, items, text]);
  const highlighted = shown.some((i) => i.value === value) ? value : (shown[0]?.value ?? '');
  return (
    <CommandPalette
      open
      onOpenChange={(open) => !open && onClose()}
      label={label}
      placeholder={placeholder}
      search={text}
      onSearchChange={setText}
      value={highlighted}
      onValueChange={setValue}
      footer={
        <>
          <span>
            <Kbd binding="Enter" /> انتخاب
          </span>
          <span>
            <Kbd binding="Escape" /> انصراف
          </span>
        </>
      }
    >
      {search && found.isFetching && shown.length === 0 && <PaletteLoading>در حال جست‌وجو…</PaletteLoading>}
      {!(search && found.isFetching) && <PaletteEmpty>{emptyText}</PaletteEmpty>}
      {shown.map((item) => (
        <PaletteItem
          key={item.value}
          value={item.value}
          title={item.title}
          hint={item.hint}
          onSelect={() => onPick(item)}
        />
      ))}
    </CommandPalette>
  );
}
