import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import type { BoardEditDetail } from '~/contract/boards.ts';
import { boardInput, boardUpdate } from '~/contract/boards.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { ADD_ROW_KEY, REMOVE_ROW_KEY } from '~/ui/editable-rows.ts';
import { RecordFormPage } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
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

interface BoardFormProps {
  detail: BoardEditDetail | null;
  company?: PersonPick | null;
  onReload?(): void;
}

function BoardForm({ detail, company = null, onReload }: BoardFormProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => (detail ? draftOf(detail) : emptyDraft(company)), [detail, company]);
  const toList = () => navigate({ to: '/person/legal-person-board/list' });
  const form = useForm({
    initial,
    schema: detail ? boardUpdate : boardInput,
    prepare: (d: BoardDraft) => (detail ? { ...prepare(d), etag: detail.etag } : prepare(d)),
    fingerprint,
    send: 'input',
    save: (body) => saveBoard(detail?.id ?? null, body),
    onSaved: async () => {
      toast.positive(
        detail ? 'تغییرات هیئت مدیره ذخیره شد' : `هیئت مدیره «${form.values.company?.name}» ثبت شد`,
      );
      await client.invalidateQueries({ queryKey: boardKeys.list });
      void toList();
    },
  });
  const { values, set } = form;
  const latest = useRef(form.submit);
  latest.current = form.submit;
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'boards.save',
        title: 'ذخیره هیئت مدیره',
        shortcut: SAVE_KEY,
        group: GROUP,
        bindKey: false,
        run: () => void latest.current(),
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

  return (
    <RecordFormPage
      title={detail ? `ویرایش هیئت مدیره ${detail.company.name}` : 'ثبت هیئت مدیره'}
      label={detail ? 'ویرایش هیئت مدیره' : 'ثبت هیئت مدیره'}
      form={form}
      saveKey={SAVE_KEY}
      staleText="این هیئت مدیره پس از باز شدن آن در فرم شما، به دست کاربر دیگری تغییر کرده است. تغییرات شما ذخیره نشد. آن را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه اعمال کنید."
      reloadLabel="بارگیری دوباره"
      onCancel={() => void toList()}
      onReload={onReload}
    >
      <fieldset className={section}>
        <legend className={legend}>دوره</legend>
        <div className={grid}>
          <PersonPicker
            label="شرکت"
            name="company_id"
            type="legal"
            required
            value={values.company}
            onChange={(v) => set('company', v)}
            error={form.error('company_id')}
          />
          <JalaliField
            label="آغاز دوره"
            name="term_start"
            required
            value={values.term_start}
            onChange={(v) => set('term_start', v)}
            error={form.error('term_start')}
          />
          <JalaliField
            label="پایان دوره"
            name="term_end"
            required
            value={values.term_end}
            onChange={(v) => set('term_end', v)}
            error={form.error('term_end')}
          />
          <PersonPicker
            label="مدیرعامل"
            name="ceo_id"
            type="true"
            value={values.ceo}
            onChange={(v) => set('ceo', v)}
            error={form.error('ceo_id')}
          />
          <label className={checkCss}>
            <input
              type="checkbox"
              name="approved_by_assembly"
              checked={values.approved_by_assembly}
              onChange={(e) => set('approved_by_assembly', e.target.checked)}
            />
            به تصویب مجمع رسیده است
          </label>
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>کرسی‌ها</legend>
        <SeatsTable seats={values.seats} errors={form.errors} onChange={(v) => set('seats', v)} />
      </fieldset>
    </RecordFormPage>
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
