import { useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { StructureDraftDetail } from '~/contract/structure.ts';
import { DRAFT_STATUS_TITLES, MAX_OPERATIONS } from '~/contract/structure.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { ADD_ROW_KEY, REMOVE_ROW_KEY } from '~/ui/editable-rows.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { Field } from '~/ui/field.tsx';
import { formatDate, formatRelative } from '~/ui/format.ts';
import { Input } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { applyDraft, discardDraft, saveDraft, structureKeys } from './api.ts';
import {
  blankOperation,
  type DraftValues,
  emptyDraft,
  fingerprint,
  prepare,
  valuesOf,
} from './draft-values.ts';
import { GROUP } from './drafts-list.tsx';
import { OperationFields } from './operation-fields.tsx';
import { PreviewPanel } from './preview-panel.tsx';

export const SAVE_KEY = '$mod+Enter';
const ROUTE = '/person/corporate-structure-modification';

const layout = css({
  display: 'grid',
  gap: '4',
  alignItems: 'start',
  lg: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' },
});
const form = css({ display: 'flex', flexDirection: 'column', gap: '3', border: 'none', p: 0, m: 0, minW: 0 });
const row = css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' });
const bar = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const note = (tone: 'warning' | 'danger' | 'success' | 'info') =>
  css({
    borderWidth: '1px',
    borderStyle: 'solid',
    borderRadius: '6px',
    px: '3',
    py: '2',
    fontSize: '13px',
    mb: '3',
    '& p': { m: 0 },
    '& ul': { m: 0, mt: '1', paddingInlineStart: '5' },
    ...(tone === 'info'
      ? { borderColor: 'line', bg: 'subtle' }
      : { borderColor: tone, bg: `${tone}.soft`, color: 'ink' }),
  });
const warningCss = note('warning');
const dangerCss = note('danger');
const successCss = note('success');
const infoCss = note('info');

export interface DraftEditorProps {
  /** The saved draft; null for a new one. */
  detail: StructureDraftDetail | null;
  /** Reads the draft again and starts over from it (after a save refused as stale). */
  onReload(): void;
}

/**
 * A draft: its title, effective date (Jalali; empty: the day it is applied) and operations added
 * one by one (Alt+N adds after the focused one, Alt+⌫ removes it), each with its persons picked
 * and its share typed as percent. Ctrl/⌘+Enter saves (checked with the contract's form schema
 * first, then the server's 422s under their fields; a stale version shows a reload banner) and
 * the preview beside it is the saved version's. «اعمال» asks, then applies in one transaction;
 * «کنار گذاشتن» asks, then closes the draft. Other open drafts on the same companies are shown as
 * a warning. Esc or ⌫ goes back to the list.
 */
export function DraftEditor({ detail, onReload }: DraftEditorProps) {
  const navigate = useNavigate({ from: ROUTE });
  const client = useQueryClient();
  const initial = useMemo(() => (detail ? valuesOf(detail) : emptyDraft()), [detail]);
  const [values, setValues] = useState<DraftValues>(initial);
  const [saved, setSaved] = useState(() => fingerprint(initial));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<{ text: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'apply' | 'discard' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const open = !detail || detail.status === 'draft';
  const dirty = fingerprint(values) !== saved;

  // leaving with unsaved changes asks first (a save that moves to the draft's own address does not)
  const unsaved = useRef(false);
  unsaved.current = dirty && open;
  const leaving = useBlocker({
    shouldBlockFn: () => unsaved.current,
    enableBeforeUnload: () => unsaved.current,
    withResolver: true,
  });
  const going = useRef(false);

  // a new draft starts on its title
  const isNew = !detail;
  useEffect(() => {
    if (isNew) formRef.current?.querySelector<HTMLElement>('[name="title"]')?.focus();
  }, [isNew]);

  const focusField = (name: string) =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
  const store = (d: StructureDraftDetail) => {
    client.setQueryData(structureKeys.one(d.id), d);
    void client.invalidateQueries({ queryKey: structureKeys.list });
  };

  const save = async () => {
    if (!open || busy) return;
    const prepared = prepare(values);
    if (!prepared.ok) {
      setErrors(prepared.errors);
      focusField(Object.keys(prepared.errors)[0]!);
      return;
    }
    const sent = fingerprint(values);
    setBusy(true);
    setErrors({});
    setBanner(null);
    try {
      const d = await saveDraft(detail?.id ?? null, {
        ...prepared.body,
        ...(detail ? { version: detail.version } : {}),
      });
      setSaved(sent);
      unsaved.current = false;
      store(d);
      toast.positive(detail ? 'پیش‌نویس ذخیره شد' : `پیش‌نویس «${d.title}» ساخته شد`);
      if (!detail) void navigate({ search: (s) => ({ ...s, draft: d.id }), replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 422 && Object.keys(err.fields).length) {
        setErrors(err.fields);
        focusField(Object.keys(err.fields)[0]!);
      } else setBanner({ text: err.message, stale: err.status === 409 });
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!detail) return;
    try {
      const r = await applyDraft(detail.id, detail.version);
      store(r.draft);
      void client.invalidateQueries({ queryKey: ['shareholders'] });
      void client.invalidateQueries({ queryKey: ['persons'] });
      toast.positive(
        `پیش‌نویس اعمال شد: ${toPersianDigits(r.ended)} سهامداری پایان یافت و ${toPersianDigits(r.added)} سهامداری تازه ثبت شد`,
      );
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // it no longer applies (or was closed): read it again, its errors say which operation
      setBanner({ text: err.message, stale: false });
      void client.invalidateQueries({ queryKey: structureKeys.one(detail.id) });
    }
  };

  const discard = async () => {
    if (!detail) return;
    try {
      const d = await discardDraft(detail.id, detail.version);
      store(d);
      toast.positive(`پیش‌نویس «${d.title}» کنار گذاشته شد`);
      unsaved.current = false;
      void navigate({ search: ({ draft: _, ...s }) => s });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setBanner({ text: err.message, stale: err.status === 409 });
    }
  };

  const setOperation = (i: number, v: DraftValues['operations'][number]) =>
    setValues((d) => ({ ...d, operations: d.operations.map((o, j) => (j === i ? v : o)) }));
  const addOperation = (after: number) => {
    if (values.operations.length >= MAX_OPERATIONS) return;
    const at = after < 0 ? values.operations.length : after + 1;
    setValues((d) => ({
      ...d,
      operations: [...d.operations.slice(0, at), blankOperation(), ...d.operations.slice(at)],
    }));
    focusField(`operations.${at}.kind`);
  };
  const removeOperation = (i: number) => {
    setValues((d) => ({ ...d, operations: d.operations.filter((_, j) => j !== i) }));
    const next = Math.min(i, values.operations.length - 2);
    if (next >= 0) focusField(`operations.${next}.kind`);
  };
  const focusedOperation = (el: EventTarget | null) => {
    const box = (el as HTMLElement | null)?.closest?.('fieldset[data-row]');
    return box ? Number((box as HTMLElement).dataset.row) : -1;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.code === 'KeyN' && e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      addOperation(focusedOperation(e.target));
    } else if (e.code === 'Backspace' && e.altKey) {
      const i = focusedOperation(e.target);
      if (i >= 0) {
        e.preventDefault();
        removeOperation(i);
      }
    }
  };

  useShortcuts(
    {
      [SAVE_KEY]: (e) => {
        e.preventDefault();
        void save();
      },
    },
    open,
  );
  const canApply = open && !!detail?.preview && !dirty && !busy;
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'structure.save',
        title: 'ذخیره پیش‌نویس',
        shortcut: SAVE_KEY,
        group: GROUP,
        bindKey: false,
        run: () => {},
      },
      {
        id: 'structure.add',
        title: 'افزودن عملیات',
        shortcut: ADD_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      {
        id: 'structure.remove',
        title: 'حذف عملیات جاری',
        shortcut: REMOVE_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      {
        id: 'structure.apply',
        title: 'اعمال پیش‌نویس',
        group: GROUP,
        isEnabled: () => canApply,
        run: () => canApply && setAsking('apply'),
      },
      {
        id: 'structure.discard',
        title: 'کنار گذاشتن پیش‌نویس',
        group: GROUP,
        isEnabled: () => open && !!detail,
        run: () => open && detail && setAsking('discard'),
      },
    ],
    [canApply, open, detail],
  );
  useRegisterCommands(commands);

  const refusals = new Map((dirty ? [] : (detail?.errors ?? [])).map((e) => [e.index, e.message]));
  const preview = detail?.preview;
  const classChanges = preview?.companies.filter((c) => c.class_changed).length ?? 0;
  const err = (f: string) => errors[f]?.[0];

  return (
    <>
      <PageHeader
        title={detail ? `پیش‌نویس «${detail.title}»` : 'پیش‌نویس تازه'}
        parent={{ to: ROUTE, label: 'اصلاح ساختار شرکتی' }}
        description={
          detail ? (
            <>
              <Badge tone={detail.status === 'draft' ? 'first' : 'neutral'}>
                {DRAFT_STATUS_TITLES[detail.status]}
              </Badge>{' '}
              نوشته {detail.author?.name ?? 'کاربری حذف‌شده'}، آخرین تغییر {formatRelative(detail.updated_at)}
            </>
          ) : (
            'عملیات را یکی‌یکی بیفزایید و با Ctrl+Enter ذخیره کنید تا اثرش را ببینید'
          )
        }
        actions={
          open && (
            <div className={bar}>
              <Button
                tone="primary"
                shortcut={SAVE_KEY}
                onClick={() => void save()}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                ذخیره
              </Button>
              {detail && (
                <>
                  <Button
                    onClick={() => setAsking('apply')}
                    disabled={!canApply}
                    title={dirty ? 'نخست تغییرات را ذخیره کنید' : undefined}
                  >
                    اعمال
                  </Button>
                  <Button tone="danger" onClick={() => setAsking('discard')}>
                    کنار گذاشتن
                  </Button>
                </>
              )}
            </div>
          )
        }
      />
      {detail && detail.others.length > 0 && detail.status === 'draft' && (
        <div className={warningCss} role="status" aria-label="پیش‌نویس‌های هم‌زمان">
          <p>همکاران دیگری هم‌اکنون روی همین شرکت‌ها پیش‌نویس باز دارند؛ پیش از اعمال با آنان هماهنگ کنید:</p>
          <ul>
            {detail.others.map((o) => (
              <li key={o.id}>
                <Link to={ROUTE} search={{ draft: o.id }}>
                  «{o.title}»
                </Link>{' '}
                از {o.author?.name ?? 'کاربری حذف‌شده'}، {formatRelative(o.updated_at)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {banner && (
        <div className={dangerCss} role="alert">
          <p>{banner.text}</p>
          {banner.stale && (
            <Button size="sm" onClick={onReload}>
              بارگیری دوباره
            </Button>
          )}
        </div>
      )}
      {detail?.status === 'applied' && (
        <div className={successCss} role="status" aria-label="پیش‌نویس اعمال‌شده">
          <p>
            این پیش‌نویس در {formatDate(detail.closed_at)} به دست {detail.closed_by?.name ?? 'کاربری حذف‌شده'}{' '}
            اعمال شد. سهامداران کنونی:{' '}
            {detail.companies.map((c, i) => (
              <span key={c.key}>
                {i > 0 && '، '}
                <Link to="/person/shareholder/$legalId" params={{ legalId: String(c.id) }}>
                  {c.name}
                </Link>
              </span>
            ))}
          </p>
        </div>
      )}
      <div className={layout}>
        <Card title="پیش‌نویس">
          <form
            ref={formRef}
            aria-label="پیش‌نویس تغییر ساختار"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            onKeyDown={onKeyDown}
          >
            <fieldset className={form} disabled={!open}>
              <div className={row}>
                <Field label="عنوان" error={err('title')} required>
                  <Input
                    name="title"
                    value={values.title}
                    onChange={(e) => setValues((d) => ({ ...d, title: e.target.value }))}
                    maxLength={200}
                  />
                </Field>
                <JalaliField
                  label="تاریخ اجرا"
                  name="effective_on"
                  value={values.effective_on}
                  onChange={(v) => setValues((d) => ({ ...d, effective_on: v }))}
                  error={err('effective_on')}
                />
              </div>
              {values.operations.map((op, i) => (
                <OperationFields
                  key={op.uid}
                  index={i}
                  value={op}
                  onChange={(v) => setOperation(i, v)}
                  onRemove={() => removeOperation(i)}
                  errors={errors}
                  refusal={refusals.get(i)}
                />
              ))}
              {err('operations') && (
                <p role="alert" className={css({ color: 'danger', fontSize: '13px', m: 0 })}>
                  {err('operations')}
                </p>
              )}
              {open && (
                <div className={bar}>
                  <Button
                    shortcut={ADD_ROW_KEY}
                    onClick={() => addOperation(-1)}
                    disabled={values.operations.length >= MAX_OPERATIONS}
                  >
                    افزودن عملیات
                  </Button>
                </div>
              )}
            </fieldset>
          </form>
        </Card>
        <Card title="پیش‌نمایش اثر تغییر" aria-live="polite">
          {dirty && open && (
            <div className={infoCss}>
              <p>این پیش‌نمایش نسخه ذخیره‌شده است؛ با Ctrl+Enter ذخیره کنید تا اثر تغییرات تازه را ببینید.</p>
            </div>
          )}
          {!open ? (
            <EmptyState title="پیش‌نمایش تنها برای پیش‌نویس‌های باز است">
              سهامداری‌ها اکنون همان‌اند که در صفحه سهامداران هر شرکت می‌بینید.
            </EmptyState>
          ) : preview ? (
            <PreviewPanel preview={preview} />
          ) : detail?.errors.length ? (
            <div className={dangerCss} role="alert">
              <p>این پیش‌نویس بر سهامداری‌های کنونی اعمال‌شدنی نیست:</p>
              <ul>
                {detail.errors.map((e) => (
                  <li key={e.index}>
                    عملیات {toPersianDigits(e.index + 1)}: {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <EmptyState title="هنوز پیش‌نمایشی نیست" shortcut={SAVE_KEY}>
              عملیات را بیفزایید و ذخیره کنید
            </EmptyState>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={asking === 'apply'}
        onOpenChange={(o) => !o && setAsking(null)}
        title="اعمال پیش‌نویس"
        description={
          preview
            ? `سهامداری‌ها در یک تراکنش تغییر می‌کنند: ${toPersianDigits(preview.ended)} سهامداری پایان می‌یابد و ${toPersianDigits(preview.added)} سهامداری تازه ثبت می‌شود؛ طبقه ${toPersianDigits(classChanges)} شرکت تغییر می‌کند. این کار در سابقه ثبت می‌شود.`
            : undefined
        }
        confirmLabel="اعمال"
        onConfirm={apply}
      />
      <ConfirmDialog
        open={leaving.status === 'blocked'}
        onOpenChange={(o) => {
          if (!o && leaving.status === 'blocked' && !going.current) leaving.reset();
        }}
        title="تغییرات ذخیره نشده است"
        description="اگر بروید، تغییرات این پیش‌نویس از دست می‌رود."
        confirmLabel="رفتن بی ذخیره"
        cancelLabel="ماندن"
        tone="danger"
        onConfirm={() => {
          if (leaving.status !== 'blocked') return;
          going.current = true;
          leaving.proceed();
        }}
      />
      <ConfirmDialog
        open={asking === 'discard'}
        onOpenChange={(o) => !o && setAsking(null)}
        title="کنار گذاشتن پیش‌نویس"
        description="پیش‌نویس بسته می‌شود و سهامداری‌ها تغییری نمی‌کنند."
        confirmLabel="کنار گذاشتن"
        tone="danger"
        onConfirm={discard}
      />
    </>
  );
}
