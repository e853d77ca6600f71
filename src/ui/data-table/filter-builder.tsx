import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { FilterNode, FilterOp } from '~/contract/list.ts';
import { Button } from '../button.tsx';
import { Dialog } from '../dialog.tsx';
import { JALALI_PLACEHOLDER } from '../jalali-input.tsx';
import {
  type Draft,
  type DraftCondition,
  type DraftGroup,
  fieldOf,
  fromDraft,
  type Mode,
  newCondition,
  newGroup,
  OP_LABELS,
  opsFor,
  toDraft,
} from './builder-model.ts';
import * as s from './styles.ts';
import type { FilterDef } from './types.ts';

export interface FilterBuilderProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Every field the list filters on (the bar's and the builder-only ones). */
  filters: readonly FilterDef[];
  /** The tree now in the URL. */
  value: readonly FilterNode[];
  /** The new tree (empty: cleared); the list puts it in the URL. */
  onApply(nodes: FilterNode[]): void;
  /** Where the focus goes once a tree is applied (the list's grid); else back where it was. */
  focusAfterApply?(): HTMLElement | null;
}

const MODE_LABELS: Record<Mode, string> = { and: 'همه این شرط‌ها (و)', or: 'دست‌کم یکی از این‌ها (یا)' };

/**
 * The filter builder (Shift+F on a list): conditions of field, operator and value, and groups
 * of them joined by AND or OR, applied to the list's URL (`af`) so the view can be shared.
 * Ctrl/⌘+Enter applies (the focus then goes to `focusAfterApply`, the filtered rows); Esc
 * closes without applying. A condition added takes the focus on its value.
 */
export function FilterBuilder({
  open,
  onOpenChange,
  filters,
  value,
  onApply,
  focusAfterApply,
}: FilterBuilderProps) {
  const applied = useRef(false);
  useEffect(() => {
    if (open) applied.current = false;
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="فیلتر پیشرفته"
      size="lg"
      finalFocus={() => (applied.current ? (focusAfterApply?.() ?? null) : null)}
    >
      {open && (
        <BuilderForm
          filters={filters}
          value={value}
          onApply={(nodes) => {
            applied.current = true;
            onApply(nodes);
          }}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function BuilderForm({
  filters,
  value,
  onApply,
  onClose,
}: Omit<FilterBuilderProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(value, filters));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = filters[0]!;
  // The condition just added: its value takes the focus once it is on screen.
  const root = useRef<HTMLDivElement>(null);
  const [focusValueOf, setFocusValueOf] = useState<string | null>(null);
  useEffect(() => {
    if (!focusValueOf) return;
    root.current
      ?.querySelector<HTMLElement>(`[data-condition-id="${focusValueOf}"] [aria-label="مقدار"]`)
      ?.focus();
    setFocusValueOf(null);
  }, [focusValueOf]);
  /** A new condition (for the root or a group), its value to be focused. */
  const added = () => {
    const c = newCondition(first);
    setFocusValueOf(c.id);
    return c;
  };
  /** A new group, its condition's value to be focused. */
  const addedGroup = () => {
    const g = newGroup(first);
    setFocusValueOf(g.items[0]!.id);
    return g;
  };

  const apply = () => {
    const result = fromDraft(draft, filters);
    setErrors(result.errors);
    if (Object.keys(result.errors).length) return;
    onApply(result.nodes);
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && (e.code === 'Enter' || e.code === 'NumpadEnter')) {
      e.preventDefault();
      apply();
    }
  };
  // An edit clears the messages: they come back, where still true, at the next apply.
  const setItem = (id: string, next: DraftCondition | DraftGroup | null) => {
    setErrors({});
    setDraft((d) => ({
      ...d,
      items: d.items.flatMap((it) => (it.id === id ? (next ? [next] : []) : [it])),
    }));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Enter anywhere in the form applies it
    <div ref={root} onKeyDown={onKeyDown} className={s.builder} data-filter-builder="">
      <p className={s.builderHint}>
        شرط‌ها را بسازید؛ هر گروه «و» یا «یا» دارد. <kbd className={s.kbd}>Ctrl+Enter</kbd> اعمال،{' '}
        <kbd className={s.kbd}>Esc</kbd> بستن.
      </p>
      <label className={s.builderMode}>
        ترکیب شرط‌ها:
        <select
          value={draft.mode}
          onChange={(e) => setDraft((d) => ({ ...d, mode: e.target.value as Mode }))}
        >
          {(['and', 'or'] as const).map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      {draft.items.length === 0 && <p className={s.builderHint}>هنوز شرطی نیست.</p>}
      <ol className={s.builderList}>
        {draft.items.map((item) =>
          item.kind === 'condition' ? (
            <li key={item.id}>
              <ConditionRow
                c={item}
                filters={filters}
                error={errors[item.id]}
                onChange={(next) => setItem(item.id, next)}
              />
            </li>
          ) : (
            <li key={item.id} className={s.builderGroup}>
              <fieldset>
                <legend>
                  <select
                    value={item.mode}
                    aria-label="ترکیب شرط‌های گروه"
                    onChange={(e) => setItem(item.id, { ...item, mode: e.target.value as Mode })}
                  >
                    {(['and', 'or'] as const).map((m) => (
                      <option key={m} value={m}>
                        گروه: {MODE_LABELS[m]}
                      </option>
                    ))}
                  </select>
                </legend>
                <ol className={s.builderList}>
                  {item.items.map((c) => (
                    <li key={c.id}>
                      <ConditionRow
                        c={c}
                        filters={filters}
                        error={errors[c.id]}
                        onChange={(next) =>
                          setItem(item.id, {
                            ...item,
                            items: item.items.flatMap((x) => (x.id === c.id ? (next ? [next] : []) : [x])),
                          })
                        }
                      />
                    </li>
                  ))}
                </ol>
                <div className={s.builderActions}>
                  <button
                    type="button"
                    className={s.button}
                    onClick={() => setItem(item.id, { ...item, items: [...item.items, added()] })}
                  >
                    + شرط در این گروه
                  </button>
                  <button type="button" className={s.button} onClick={() => setItem(item.id, null)}>
                    حذف گروه
                  </button>
                </div>
              </fieldset>
            </li>
          ),
        )}
      </ol>
      <div className={s.builderActions}>
        <button
          type="button"
          className={s.button}
          onClick={() => {
            const c = added();
            setDraft((d) => ({ ...d, items: [...d.items, c] }));
          }}
        >
          + شرط
        </button>
        <button
          type="button"
          className={s.button}
          onClick={() => {
            const g = addedGroup();
            setDraft((d) => ({ ...d, items: [...d.items, g] }));
          }}
        >
          + گروه «یا»
        </button>
        <span style={{ marginInlineStart: 'auto', display: 'flex', gap: 8 }}>
          <button type="button" className={s.button} onClick={() => setDraft({ mode: 'and', items: [] })}>
            پاک کردن همه
          </button>
          <button type="button" className={s.button} onClick={onClose}>
            انصراف
          </button>
          <Button tone="primary" onClick={apply} aria-keyshortcuts="Control+Enter">
            اعمال فیلتر
          </Button>
        </span>
      </div>
    </div>
  );
}

function ConditionRow({
  c,
  filters,
  error,
  onChange,
}: {
  c: DraftCondition;
  filters: readonly FilterDef[];
  error: string | undefined;
  onChange(next: DraftCondition | null): void;
}) {
  const f = filters.find((x) => fieldOf(x) === c.field) ?? filters[0]!;
  const ops = opsFor(f);
  const errorId = `${c.id}-error`;
  return (
    <div className={s.builderRow} data-condition={c.field} data-condition-id={c.id}>
      <select
        aria-label="فیلد"
        value={c.field}
        onChange={(e) => {
          const next = filters.find((x) => fieldOf(x) === e.target.value)!;
          onChange({ ...c, field: fieldOf(next), op: opsFor(next)[0]!, value: '' });
        }}
      >
        {filters.map((x) => (
          <option key={fieldOf(x)} value={fieldOf(x)}>
            {x.label}
          </option>
        ))}
      </select>
      <select
        aria-label="عملگر"
        value={c.op}
        onChange={(e) => onChange({ ...c, op: e.target.value as FilterOp })}
      >
        {ops.map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </select>
      <ValueControl
        f={f}
        value={c.value}
        onChange={(value) => onChange({ ...c, value })}
        invalid={!!error}
        errorId={errorId}
      />
      <button type="button" className={s.button} aria-label="حذف شرط" onClick={() => onChange(null)}>
        ×
      </button>
      {error && (
        <span id={errorId} role="alert" className={s.builderError}>
          {error}
        </span>
      )}
    </div>
  );
}

function ValueControl({
  f,
  value,
  onChange,
  invalid,
  errorId,
}: {
  f: FilterDef;
  value: string;
  onChange(v: string): void;
  invalid: boolean;
  errorId: string;
}) {
  const aria = {
    'aria-label': 'مقدار',
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
  };
  const loaded = useQuery({
    queryKey: f.kind === 'enum' ? (f.optionsKey ?? ['filter-options', f.key]) : ['filter-options', 'none'],
    queryFn: () => (f.kind === 'enum' && f.loadOptions ? f.loadOptions() : Promise.resolve([])),
    enabled: f.kind === 'enum' && !f.options && !!f.loadOptions,
    staleTime: 10 * 60_000,
  });
  if (f.kind === 'enum' || f.kind === 'boolean') {
    const options =
      f.kind === 'boolean'
        ? [
            { value: 'true', label: f.trueLabel ?? 'بله' },
            { value: 'false', label: f.falseLabel ?? 'خیر' },
          ]
        : (f.options ?? loaded.data ?? []);
    return (
      <select {...aria} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">انتخاب کنید…</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...aria}
      type="text"
      dir={f.kind === 'text' ? 'rtl' : 'ltr'}
      inputMode={f.kind === 'text' ? undefined : 'numeric'}
      placeholder={f.kind === 'date' ? JALALI_PLACEHOLDER : f.kind === 'number' ? '۱٬۰۰۰٬۰۰۰' : ''}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
