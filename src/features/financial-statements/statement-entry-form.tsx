import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import {
  AUDITOR_OPINION_LABELS_FA,
  AUDITOR_OPINIONS,
  type StatementDetail,
} from '~/contract/financial-statements.ts';
import { STATEMENT_KIND_LABELS_FA, STATEMENT_KINDS } from '~/domain/finance/chart.ts';
import { checksPass, statementChecks } from '~/domain/finance/statement-checks.ts';
import { ApiError, api } from '~/lib/http.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { CheckField, SelectField } from '~/ui/form/fields.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { statementsApi } from './api.ts';

/**
 * The entry form of one statement: every active item of the chart, grouped by statement, typed in
 * million IRR (Persian or Latin digits, grouped as typed; a minus or parentheses for a negative,
 * as costs are filed). Enter or Tab moves to the next item, Shift+Tab back; the checks run as you
 * type (the same rules the server runs on save: domain/finance/statement-checks.ts), each failure
 * shown on its cell; Ctrl+Enter saves as a draft (a failed check does not stop the save but blocks
 * submission); «انصراف» leaves without saving.
 */

const grid = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(12rem, 22rem) minmax(9rem, 14rem) 1fr',
  gap: '1 3',
  alignItems: 'center',
  fontSize: '13px',
  mb: '4',
  '& label': { color: 'ink' },
  '& .total': { fontWeight: 600 },
  '& input[aria-invalid=true]': { borderColor: 'danger' },
});
const problem = css({ color: 'danger', fontSize: '12px' });
const bar = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', mb: '3' });

const toDigits = (v: number | undefined) => (v === undefined ? '' : String(v));
const toNumber = (digits: string) => (digits === '' || digits === '-' ? undefined : Number(digits));

export function StatementEntryForm({ detail, onClose }: { detail: StatementDetail; onClose(): void }) {
  const queryClient = useQueryClient();
  const s = detail.statement;
  const items = detail.chart.filter((c) => c.active);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(items.map((c) => [c.code, toDigits(s.items[c.code])])),
  );
  const [audited, setAudited] = useState(s.audited);
  const [opinion, setOpinion] = useState<string>(s.auditor_opinion ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const typed = useMemo(() => {
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(values)) {
      const n = toNumber(v);
      if (n !== undefined && Number.isFinite(n)) out[k] = n;
    }
    return out;
  }, [values]);
  const previous = detail.columns.find((c) => c.fiscal_year === s.fiscal_year - 1)?.items ?? null;
  const checks = useMemo(
    () => statementChecks(detail.chart, typed, previous),
    [detail.chart, typed, previous],
  );
  const failedOn = new Map<string, string[]>();
  for (const c of checks)
    if (c.status === 'failed') failedOn.set(c.items[0]!, [...(failedOn.get(c.items[0]!) ?? []), c.messageFa]);
  const passing = checksPass(checks);

  const save = async () => {
    setBusy(true);
    try {
      const body = {
        version: s.version,
        items: Object.fromEntries(items.map((c) => [c.code, toNumber(values[c.code] ?? '') ?? null])),
        audited,
        auditor_opinion: audited && opinion ? opinion : null,
      };
      const saved = await api<{ checks_passed: boolean }>(
        `/api/performance/financial-statements/${s.id}/items`,
        {
          method: 'PUT',
          body,
          quiet: true,
        },
      );
      toast.positive(
        saved.checks_passed
          ? 'پیش‌نویس ذخیره شد؛ کنترل‌ها برقرار است و می‌توانید آن را ارسال کنید'
          : 'پیش‌نویس ذخیره شد؛ تا کنترل‌ها برقرار نشود ارسال ممکن نیست',
      );
      await queryClient.invalidateQueries({ queryKey: statementsApi.keys.all });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setServerErrors(err.fields);
      else if (err instanceof ApiError) toast.negative(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  };
  useShortcuts({ '$mod+Enter': () => void save() });
  // The first figure takes the focus: typing starts at once.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input[data-item]')?.focus(), []);

  // Enter moves to the next amount, as Tab does (Ctrl+Enter saves).
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const inputs = [...(form.current?.querySelectorAll<HTMLInputElement>('input[data-item]') ?? [])];
    inputs[inputs.indexOf(e.currentTarget) + 1]?.focus();
  };

  return (
    <form
      ref={form}
      aria-label="ورود ارقام صورت مالی"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className={bar}>
        <Button type="submit" tone="primary" disabled={busy} shortcut="$mod+Enter">
          ذخیره پیش‌نویس
        </Button>
        <Button type="button" onClick={onClose}>
          انصراف
        </Button>
        <span role="status">
          {passing ? (
            <Badge tone="success">کنترل‌ها برقرار است</Badge>
          ) : (
            <Badge tone="danger">
              {checks
                .filter((c) => c.status === 'failed' && c.severity === 'error')
                .length.toLocaleString('fa-IR')}{' '}
              کنترل برقرار نیست
            </Badge>
          )}
        </span>
      </div>
      <div className={bar}>
        <CheckField label="حسابرسی‌شده" name="audited" checked={audited} onChange={setAudited} />
        {audited && (
          <SelectField
            label="اظهارنظر حسابرس"
            name="auditor_opinion"
            value={opinion}
            onChange={setOpinion}
            options={AUDITOR_OPINIONS.map((o) => ({ value: o, label: AUDITOR_OPINION_LABELS_FA[o] }))}
          />
        )}
      </div>
      {STATEMENT_KINDS.map((kind) => {
        const rows = items.filter((c) => c.statementKind === kind);
        if (rows.length === 0) return null;
        return (
          <fieldset key={kind} className={css({ border: 'none', p: 0, m: 0 })}>
            <legend className={css({ fontWeight: 600, py: '2' })}>{STATEMENT_KIND_LABELS_FA[kind]}</legend>
            <div className={grid}>
              {rows.map((c) => {
                const id = `entry-${c.code}`;
                const messages = [
                  ...(failedOn.get(c.code) ?? []),
                  ...(serverErrors[`items.${c.code}`] ?? []),
                ];
                return (
                  <div key={c.code} style={{ display: 'contents' }}>
                    <label htmlFor={id} className={cx((c.isTotal || !c.parent) && 'total')}>
                      {c.nameFa}
                      {c.unit === 'count' ? ' (نفر)' : ''}
                    </label>
                    <AmountInput
                      id={id}
                      data-item={c.code}
                      signed={c.unit !== 'count'}
                      value={values[c.code] ?? ''}
                      onChange={(v) => setValues((old) => ({ ...old, [c.code]: v }))}
                      onKeyDown={onKeyDown}
                      aria-invalid={messages.length > 0 || undefined}
                      aria-describedby={messages.length > 0 ? `${id}-problem` : undefined}
                    />
                    <span id={`${id}-problem`} className={problem}>
                      {messages.join(' ')}
                    </span>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </form>
  );
}
