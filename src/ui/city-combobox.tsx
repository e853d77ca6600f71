import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { api } from '~/lib/http.ts';
import { Field } from './field.tsx';
import { input as inputCss } from './input.tsx';

export interface City {
  id: number;
  name: string;
  province: string;
}

const wrap = css({ position: 'relative' });
const list = css({
  position: 'absolute',
  insetInlineStart: '0',
  insetInlineEnd: '0',
  top: '100%',
  zIndex: 10,
  mt: '1',
  maxH: '240px',
  overflowY: 'auto',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '4px',
  p: '1',
  m: '0',
});
const option = css({
  px: '2',
  py: '1',
  borderRadius: '4px',
  fontSize: '14px',
  cursor: 'pointer',
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  '&[aria-selected=true]': { bg: 'first.soft' },
});
const aside = css({ fontSize: '12px', color: 'muted' });

export interface SearchComboboxProps<T extends { id: number; name: string }> {
  label: string;
  /** The input's name (tests and the focus of the first refused field find it by this). */
  name: string;
  value: T | null;
  onChange(item: T | null): void;
  /** Cache key prefix of the answers (`['cities']`); the typed text is appended. */
  queryKey: readonly unknown[];
  search(q: string, signal: AbortSignal): Promise<T[]>;
  /** Secondary text of an option (the province, a national id). */
  describe?(item: T): ReactNode;
  /** The hint while nothing is picked, and once something is. */
  hint?: string;
  pickedHint?(item: T): string | undefined;
  listLabel: string;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text box that searches as the user types and picks one item: ↑/↓ move, Enter picks, Esc
 * closes the list (a second Esc is the screen's). Editing the text drops the pick.
 */
export function SearchCombobox<T extends { id: number; name: string }>(props: SearchComboboxProps<T>) {
  const { value, onChange } = props;
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // A value set from outside (a record loaded into the form) shows its name.
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);
  const q = text.trim();
  const found = useQuery({
    queryKey: [...props.queryKey, q],
    queryFn: ({ signal }) => props.search(q, signal),
    enabled: open,
    staleTime: 300_000,
  });
  const items = found.data ?? [];
  const pick = (item: T) => {
    onChange(item);
    setText(item.name);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.code === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (e.code === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if ((e.code === 'Enter' || e.code === 'NumpadEnter') && open && items[active] && !e.ctrlKey) {
      e.preventDefault();
      pick(items[active]!);
    } else if (e.code === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const hint = (value && props.pickedHint?.(value)) || props.hint;
  return (
    <div className={wrap}>
      <Field label={props.label} error={props.error} hint={hint} required={props.required}>
        <input
          ref={props.inputRef}
          className={inputCss()}
          name={props.name}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && items[active] ? `${id}-${items[active]!.id}` : undefined}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
      </Field>
      {open && items.length > 0 && (
        <div id={`${id}-list`} role="listbox" aria-label={props.listLabel} className={list}>
          {items.map((item, i) => (
            <div
              key={item.id}
              tabIndex={-1}
              id={`${id}-${item.id}`}
              role="option"
              aria-selected={i === active}
              className={option}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(item);
              }}
            >
              <span>{item.name}</span>
              {props.describe && <span className={aside}>{props.describe(item)}</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** GET /api/cities?q= (public): up to 30 cities, names starting with `q` first. */
export const searchCities = (q: string, signal?: AbortSignal) =>
  api<City[]>('/api/cities', { query: { q }, signal, quiet: true, handles401: true });

/**
 * A city: a combobox over GET /api/cities?q=. Type part of a name, ↑/↓ move, Enter picks,
 * Esc closes. The label defaults to the birth city (the resume's).
 */
export function CityCombobox({
  value,
  onChange,
  error,
  label = 'شهر محل تولد',
  name = 'birth_city',
  required,
  inputRef,
}: {
  value: City | null;
  onChange(city: City | null): void;
  error?: string;
  label?: string;
  name?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <SearchCombobox<City>
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      inputRef={inputRef}
      queryKey={['cities']}
      search={searchCities}
      describe={(c) => c.province}
      listLabel="شهرها"
      hint="بخشی از نام شهر را بنویسید و از فهرست برگزینید"
      pickedHint={(c) => (c.province ? `استان ${c.province}` : undefined)}
    />
  );
}
