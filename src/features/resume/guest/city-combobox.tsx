import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { guestEffects } from './guest-context.tsx';

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
const province = css({ fontSize: '12px', color: 'muted' });

/**
 * The birth city: a combobox over GET /api/cities?q= (public, up to 30). Type part of a name,
 * ↑/↓ move, Enter picks, Esc closes.
 */
export function CityCombobox({
  value,
  onChange,
  error,
}: {
  value: City | null;
  onChange(city: City | null): void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = text.trim();
  const cities = useQuery({
    queryKey: ['cities', q],
    queryFn: () => guestEffects.guestFiles.cities(q),
    enabled: open,
    staleTime: 300_000,
  });
  const items = cities.data ?? [];
  const pick = (c: City) => {
    onChange(c);
    setText(c.name);
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
    } else if ((e.code === 'Enter' || e.code === 'NumpadEnter') && open && items[active]) {
      e.preventDefault();
      pick(items[active]!);
    } else if (e.code === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const hint = value ? `استان ${value.province}` : 'بخشی از نام شهر را بنویسید و از فهرست برگزینید';
  return (
    <div className={wrap}>
      <Field label="شهر محل تولد" error={error} hint={hint}>
        <input
          className={inputCss()}
          name="birth_city"
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
        <div id={`${id}-list`} role="listbox" aria-label="شهرها" className={list}>
          {items.map((c, i) => (
            <div
              key={c.id}
              tabIndex={-1}
              id={`${id}-${c.id}`}
              role="option"
              aria-selected={i === active}
              className={option}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
            >
              <span>{c.name}</span>
              <span className={province}>{c.province}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
