import { useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { activeFilterCount, clearFilters, withFilter } from './search-params.ts';
import * as s from './styles.ts';
import type { EnumFilter, FilterDef, FilterValue, ListSearch } from './types.ts';

export interface FilterBarProps {
  /** Prefix for element ids. */
  domId: string;
  filters: readonly FilterDef[];
  search: ListSearch;
  onSearchChange(next: ListSearch, opts?: { replace?: boolean }): void;
  /** Placeholder of the free-text box, e.g. "نام، شناسه ملی یا نماد". */
  searchPlaceholder?: string;
  /** The screen's own buttons at the inline end. */
  actions?: ReactNode;
  /** The free-text input, for `/`. */
  inputRef?: Ref<HTMLInputElement>;
  /** The filter builder's button: how many conditions it holds, and how to open it (Shift+F). */
  builder?: { count: number; open(): void };
  /** Opens the column chooser (Shift+V); `hidden`: how many columns the user hid. */
  columns?: { hidden: number; open(): void };
}

const ALL = '';

/** Reads a select's value back into the type the option had (ids stay numbers). */
function optionValue(options: readonly { value: string | number }[], raw: string): FilterValue | undefined {
  if (raw === ALL) return undefined;
  return options.find((o) => String(o.value) === raw)?.value;
}

function EnumSelect({ f, value, onChange, domId }: SelectProps & { f: EnumFilter }) {
  const loaded = useQuery({
    queryKey: f.optionsKey ?? ['filter-options', f.key],
    queryFn: () => f.loadOptions!(),
    enabled: !f.options && !!f.loadOptions,
    staleTime: 10 * 60_000,
  });
  const options = f.options ?? loaded.data ?? [];
  if (loaded.isError && value === undefined)
    return (
      <select id={`${domId}-f-${f.key}`} disabled>
        <option>فهرست در دسترس نیست</option>
      </select>
    );
  return (
    <select
      id={`${domId}-f-${f.key}`}
      value={value === undefined ? ALL : String(value)}
      onChange={(e) => onChange(optionValue(options, e.target.value))}
    >
      <option value={ALL}>همه</option>
      {/* A value from the URL before the options arrive still shows as chosen. */}
      {value !== undefined && !options.some((o) => String(o.value) === String(value)) && (
        <option value={String(value)}>{loaded.isPending ? '…' : String(value)}</option>
      )}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface SelectProps {
  domId: string;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
}

function FilterControl({ f, ...props }: SelectProps & { f: FilterDef }) {
  const { domId, value, onChange } = props;
  if (f.kind === 'enum') return <EnumSelect f={f} {...props} />;
  if (f.kind === 'boolean')
    return (
      <select
        id={`${domId}-f-${f.key}`}
        value={value === undefined ? ALL : String(value)}
        onChange={(e) => onChange(e.target.value === ALL ? undefined : e.target.value === 'true')}
      >
        <option value={ALL}>همه</option>
        <option value="true">{f.trueLabel ?? 'بله'}</option>
        <option value="false">{f.falseLabel ?? 'خیر'}</option>
      </select>
    );
  return <TextFilterInput id={`${domId}-f-${f.key}`} value={value} onChange={onChange} />;
}

function TextFilterInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: FilterValue | undefined;
  onChange(v: string | undefined): void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  return (
    <input
      id={id}
      type="text"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => onChange(text.trim() || undefined)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text.trim() || undefined);
      }}
    />
  );
}

/**
 * The free-text box (`/` focuses it, Esc or Enter goes back to the rows) and one control per
 * declared filter. Typing updates the URL a moment after the last key (replacing the history
 * entry); a filter choice adds a history entry, so Back undoes it.
 */
export function FilterBar({
  domId,
  filters,
  search,
  onSearchChange,
  searchPlaceholder,
  actions,
  inputRef,
  builder,
  columns,
}: FilterBarProps) {
  const [q, setQ] = useState(search.q ?? '');
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  useEffect(() => {
    if ((search.q ?? '') === q.trim()) return;
    const t = setTimeout(
      () => onSearchChange({ ...search, q: q.trim() || undefined }, { replace: true }),
      250,
    );
    return () => clearTimeout(t);
  }, [q, search, onSearchChange]);
  const active = activeFilterCount(search, filters) + (search.q ? 1 : 0);

  return (
    <search className={s.toolbar} aria-label="جست‌وجو و فیلتر">
      <div className={`${s.field} ${s.searchField}`}>
        <label htmlFor={`${domId}-q`}>
          جست‌وجو <kbd className={s.kbd}>/</kbd>
        </label>
        <input
          ref={inputRef}
          id={`${domId}-q`}
          type="search"
          value={q}
          placeholder={searchPlaceholder}
          autoComplete="off"
          data-list-filter=""
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {filters
        .filter((f) => !f.builderOnly)
        .map((f) => (
          <div key={f.key} className={s.field} data-active={search[f.key] !== undefined ? '' : undefined}>
            <label htmlFor={`${domId}-f-${f.key}`}>{f.label}</label>
            <FilterControl
              f={f}
              domId={domId}
              value={search[f.key]}
              onChange={(v) => onSearchChange(withFilter(search, f.key, v))}
            />
          </div>
        ))}
      {builder && (
        <button
          type="button"
          className={s.button}
          onClick={builder.open}
          aria-keyshortcuts="Shift+F"
          data-active={builder.count > 0 ? '' : undefined}
        >
          فیلتر پیشرفته{builder.count > 0 && ` (${toPersianDigits(String(builder.count))} شرط)`}{' '}
          <kbd className={s.kbd}>Shift+F</kbd>
        </button>
      )}
      {columns && (
        <button
          type="button"
          className={s.button}
          onClick={columns.open}
          aria-keyshortcuts="Shift+V"
          data-active={columns.hidden > 0 ? '' : undefined}
        >
          ستون‌ها{columns.hidden > 0 && ` (${toPersianDigits(String(columns.hidden))} پنهان)`}{' '}
          <kbd className={s.kbd}>Shift+V</kbd>
        </button>
      )}
      {active > 0 && (
        <button
          type="button"
          className={s.button}
          onClick={() => {
            setQ('');
            onSearchChange(clearFilters(search));
          }}
          aria-keyshortcuts="Shift+C"
        >
          پاک کردن فیلترها <kbd className={s.kbd}>Shift+C</kbd>
        </button>
      )}
      {actions && <div style={{ marginInlineStart: 'auto', display: 'flex', gap: 8 }}>{actions}</div>}
    </search>
  );
}
