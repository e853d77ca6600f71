import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { BoardEditDetail } from '~/contract/boards.ts';
import { boardInput, boardUpdate } from '~/contract/boards.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { ADD_ROW_KEY, REMOVE_ROW_KEY } from '~/ui/editable-rows.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { boardKeys, boardQuery, companyPickQuery, type PersonPick, saveBoard } from './api.ts';
import { type BoardDraft, draftOf, emptyDraft, fingerprint, prepare } from './board-values.ts';
import { PersonPicker } from './person-picker.tsx';
import { SeatsTable } from './seats-table.tsx';

/**
 * /person/legal-person-board/create and /update/{lid}/{id}: a board term, its CEO and its seats.
 * Ctrl/⌘+S saves (checked with the contract's schema first, then the server's 422s under their
 * fields; a 409 shows a reload banner), Esc goes back to the list (asking first when changed).
 */

export const SAVE_KEY = '$mod+KeyS';
const GROUP = 'ویرایش هیئت مدیره';

type Errors = Record<string, string[]>;

const formCss = css({ display: 'flex', flexDirection: 'column', gap: '4', pb: '6' });
const section = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '4',
  m: '0',
  minW: '0',
});
const legend = css({ fontSize: '14px', fontWeight: 600, px: '1' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: '3' });
const checkCss = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: '14px',
  minH: '32px',
  alignSelf: 'center',
  '& input': { w: '16px', h: '16px' },
});
const banner = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderRadius: '4px',
  fontSize: '13px',
  borderInlineStartWidth: '3px',
  borderInlineStartStyle: 'solid',
  bg: 'warning.soft',
  borderInlineStartColor: 'warning',
  '&[data-tone=danger]': { bg: 'danger.soft', borderInlineStartColor: 'danger' },
  '& p': { m: 0, flex: '1 1 320px' },
});

/** Issues of a schema as `{ 'seats.0.holder_id': ['…'] }`. */
function issuesOf(schema: typeof boardInput | typeof boardUpdate, body: unknown): Errors | null {
  const r = schema.safeParse(body);
  if (r.success) return null;
  const out: Errors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** A dialog or an open combobox list owns Esc while it shows. */
const overlayOpen = () =>
  [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog]')].some((el) =>
    el.checkVisibility(),
  );

interface BoardFormProps {
  detail: BoardEditDetail | null;
  company?: PersonPick | null;
  onReload?(): void;
}

function BoardForm({ detail, company = null, onReload }: BoardFormProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => (detail ? draftOf(detail) : emptyDraft(company)), [detail, company]);
  const [draft, setDraft] = useState<BoardDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const initialText = useMemo(() => fingerprint(initial), [initial]);
  const dirty = fingerprint(draft) !== initialText;
  const set = <K extends keyof BoardDraft>(key: K, v: BoardDraft[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const err = (field: string) => errors[field]?.[0];

  const toList = () => navigate({ to: '/person/legal-person-board/list' });
  const refuse = (e: Errors) => {
    setErrors(e);
    setRefusals((n) => n + 1);
  };
  const save = async () => {
    if (busy) return;
    const body = detail ? { ...prepare(draft), etag: detail.etag } : prepare(draft);
    const issues = issuesOf(detail ? boardUpdate : boardInput, body);
    if (issues) return refuse(issues);
    setBusy(true);
    try {
      await saveBoard(detail?.id ?? null, body);
      setErrors({});
      toast.positive(detail ? 'تغییرات هیئت مدیره ذخیره شد' : `هیئت مدیره «${draft.company?.name}» ثبت شد`);
      await client.invalidateQueries({ queryKey: boardKeys.list });
      void toList();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 409) {
        setStale(true);
        setErrors({});
      } else if (e.status === 422 && Object.keys(e.fields).length) refuse(e.fields);
      else refuse({ _: [e.message] });
    } finally {
      setBusy(false);
    }
  };
  const latest = useRef({ save, dirty, toList });
  latest.current = { save, dirty, toList };
  const cancel = () => (latest.current.dirty ? setAsking(true) : void latest.current.toList());

  useShortcuts({
    [SAVE_KEY]: (e) => {
      e.preventDefault();
      if (!overlayOpen()) void latest.current.save();
    },
  });
  // Esc before the page header's; an open combobox list or a dialog takes it first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Escape' || e.defaultPrevented || overlayOpen()) return;
      if ((e.target as HTMLElement | null)?.getAttribute?.('aria-expanded') === 'true') return;
      e.preventDefault();
      if (latest.current.dirty) setAsking(true);
      else void latest.current.toList();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  useEffect(() => {
    if (!refusals) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid=true]');
    (first ?? formRef.current?.querySelector<HTMLElement>('[data-form-alert]'))?.focus();
  }, [refusals]);
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'boards.save',
        title: 'ذخیره هیئت مدیره',
        shortcut: SAVE_KEY,
        group: GROUP,
        bindKey: false,
        run: () => void latest.current.save(),
      },
      {
        id: 'boards.seat.add',
        title: 'افزودن کرسی',
        shortcut: ADD_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      {
        id: 'boards.seat.remove',
        title: 'حذف کرسی جاری',
        shortcut: REMOVE_ROW_KEY,
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
    ],
    [],
  );
  useRegisterCommands(commands);

  const general = errors._?.[0];
  return (
    <>
      <PageHeader
        title={detail ? `ویرایش هیئت مدیره ${detail.company.name}` : 'ثبت هیئت مدیره'}
        actions={
          <>
            <Button shortcut="Escape" onClick={cancel} disabled={busy}>
              انصراف
            </Button>
            <Button
              tone="primary"
              shortcut={SAVE_KEY}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void save()}
            >
              ذخیره
            </Button>
          </>
        }
      />
      <form
        ref={formRef}
        className={formCss}
        aria-label={detail ? 'ویرایش هیئت مدیره' : 'ثبت هیئت مدیره'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {stale && (
          <div role="alert" className={banner} data-stale="">
            <p>
              این هیئت مدیره پس از باز شدن آن در فرم شما، به دست کاربر دیگری تغییر کرده است. تغییرات شما ذخیره
              نشد. آن را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه اعمال کنید.
            </p>
            {onReload && (
              <Button tone="primary" size="sm" onClick={onReload}>
                بارگیری دوباره
              </Button>
            )}
          </div>
        )}
        {general && (
          <div role="alert" className={banner} data-tone="danger" data-form-alert="" tabIndex={-1}>
            <p>{general}</p>
          </div>
        )}
        <fieldset className={section}>
          <legend className={legend}>دوره</legend>
          <div className={grid}>
            <PersonPicker
              label="شرکت"
              name="company_id"
              type="legal"
              required
              value={draft.company}
              onChange={(v) => set('company', v)}
              error={err('company_id')}
            />
            <JalaliField
              label="آغاز دوره"
              name="term_start"
              required
              value={draft.term_start}
              onChange={(v) => set('term_start', v)}
              error={err('term_start')}
            />
            <JalaliField
              label="پایان دوره"
              name="term_end"
              required
              value={draft.term_end}
              onChange={(v) => set('term_end', v)}
              error={err('term_end')}
            />
            <PersonPicker
              label="مدیرعامل"
              name="ceo_id"
              type="true"
              value={draft.ceo}
              onChange={(v) => set('ceo', v)}
              error={err('ceo_id')}
            />
            <label className={checkCss}>
              <input
                type="checkbox"
                name="approved_by_assembly"
                checked={draft.approved_by_assembly}
                onChange={(e) => set('approved_by_assembly', e.target.checked)}
              />
              به تصویب مجمع رسیده است
            </label>
          </div>
        </fieldset>
        <fieldset className={section}>
          <legend className={legend}>کرسی‌ها</legend>
          <SeatsTable seats={draft.seats} errors={errors} onChange={(v) => set('seats', v)} />
        </fieldset>
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        tone="danger"
        title="تغییرات ذخیره نشده کنار گذاشته شود؟"
        description="آنچه در این فرم تغییر داده‌اید ذخیره نشده است و از دست می‌رود."
        confirmLabel="کنار گذاشتن تغییرات"
        cancelLabel="ادامه ویرایش"
        onConfirm={() => void latest.current.toList()}
      />
    </>
  );
}

/** /person/legal-person-board/create (?company= preselects the company, e.g. from its view). */
export function BoardCreateScreen() {
  const { company } = useSearch({ from: '/person/legal-person-board/create' });
  const pick = useQuery({ ...companyPickQuery(company ?? 0), enabled: !!company });
  if (company && pick.isPending) return <SkeletonRows rows={6} />;
  return <BoardForm detail={null} company={pick.data ?? null} />;
}

/** /person/legal-person-board/update/{lid}/{id}: the board as loaded, saved with its etag. */
export function BoardUpdateScreen() {
  const { id: raw } = useParams({ from: '/person/legal-person-board/update/$lid/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(boardQuery(id));
  const b = query.data;
  if (!b) {
    if (query.isPending) return <SkeletonRows rows={6} />;
    return (
      <PageHeader
        title={
          query.error instanceof ApiError && query.error.status === 404
            ? 'این هیئت مدیره پیدا نشد'
            : 'هیئت مدیره بارگیری نشد'
        }
        description="با Esc به فهرست هیئت‌های مدیره برگردید."
      />
    );
  }
  return <BoardForm key={b.etag} detail={b} onReload={() => void query.refetch()} />;
}
