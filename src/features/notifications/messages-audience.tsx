import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import {
  type AudienceKind,
  type MessageAudience,
  personsAudienceText,
} from '~/contract/notification-messages.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { CheckGroupField } from '~/ui/form/choice-fields.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { audienceRolesQuery, audienceUsersQuery } from './messages-api.ts';

/** The audience part of the composer: the kind, then roles, users, or the persons filter it came with. */

export type PersonsAudience = Extract<MessageAudience, { kind: 'persons' }>;

export interface AudienceValues {
  kind: AudienceKind;
  role_ids: string[];
  user_ids: number[];
  persons: PersonsAudience | null;
}

const group = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 0, m: 0, p: 0, minW: 0 });
const legend = css({ fontSize: '13px', fontWeight: '500', p: 0, mb: '1' });
const inline = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: '14px' });
const radio = css({ display: 'flex', alignItems: 'center', gap: '1', cursor: 'pointer' });
const muted = css({ fontSize: '12px', color: 'muted', m: 0 });
const errorCss = css({ fontSize: '12px', color: 'danger', m: 0 });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', m: 0, p: 0 });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '24px',
  px: '2',
  borderRadius: '12px',
  bg: 'subtle',
  fontSize: '12px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid token(colors.fourth)', outlineOffset: '1px' },
});
const results = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxH: '160px',
  overflowY: 'auto',
  p: '1',
});
const result = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: '13px', cursor: 'pointer' });
const personsBox = css({
  p: '2',
  bg: 'subtle',
  borderRadius: '4px',
  fontSize: '13px',
  overflowWrap: 'anywhere',
});

const KIND_LABELS: Record<AudienceKind, string> = {
  roles: 'دارندگان نقش‌ها',
  users: 'کاربران برگزیده',
  persons: 'اشخاص حقیقی',
};

/** `value` as the message's audience (what preview and save send). */
export function audienceOf(v: AudienceValues): MessageAudience {
  if (v.kind === 'roles') return { kind: 'roles', role_ids: v.role_ids.map(Number) };
  if (v.kind === 'users') return { kind: 'users', user_ids: v.user_ids };
  return v.persons ?? { kind: 'persons', query: {} };
}

/** Users by name or username: a search box, the matches as checkboxes, the chosen ones as chips (removed by Enter). */
function UserPicker({
  value,
  onChange,
  disabled,
}: {
  value: number[];
  onChange(v: number[]): void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const found = useQuery({ ...audienceUsersQuery({ q }), enabled: q.length > 0 });
  const chosen = useQuery({ ...audienceUsersQuery({ ids: value }), enabled: value.length > 0 });
  const names = new Map((chosen.data ?? []).map((u) => [u.id, u.name]));
  for (const u of found.data ?? []) names.set(u.id, u.name);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <div className={group}>
      {value.length > 0 && (
        <ul className={chips} aria-label="کاربران برگزیده">
          {value.map((id) => (
            <li key={id}>
              <button
                type="button"
                className={chip}
                disabled={disabled}
                aria-label={`برداشتن ${names.get(id) ?? ''}`}
                onClick={() => toggle(id, false)}
              >
                {names.get(id) ?? '…'} ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <>
          <input
            className={inputCss()}
            type="search"
            aria-label="جست‌وجوی کاربر"
            placeholder="نام یا نام کاربری"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {q && (
            <fieldset className={results} aria-label="کاربران یافته">
              {found.data?.length === 0 && <p className={muted}>کاربری یافت نشد</p>}
              {found.data?.map((u) => (
                <label key={u.id} className={result}>
                  <input
                    type="checkbox"
                    checked={value.includes(u.id)}
                    onChange={(e) => toggle(u.id, e.target.checked)}
                  />
                  {u.name} <span className={muted}>({u.username})</span>
                  {!u.has_mobile && <span className={muted}>بی شماره همراه</span>}
                </label>
              ))}
            </fieldset>
          )}
        </>
      )}
    </div>
  );
}

export interface AudienceFieldsProps {
  value: AudienceValues;
  onChange(v: AudienceValues): void;
  error?: string;
  /** A sent message: shown, not changed. */
  readOnly?: boolean;
}

/** The kind (radios; persons only when the composer came with a persons filter), then its choice. */
export function AudienceFields({ value, onChange, error, readOnly }: AudienceFieldsProps) {
  const roles = useQuery(audienceRolesQuery);
  const kinds: AudienceKind[] = value.persons ? ['roles', 'users', 'persons'] : ['roles', 'users'];
  const roleOptions = (roles.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${r.title} (${toPersianDigits(String(r.users))})`,
  }));
  return (
    <fieldset className={group} disabled={readOnly}>
      <legend className={legend}>گیرندگان</legend>
      <div className={inline} role="radiogroup" aria-label="نوع گیرندگان">
        {kinds.map((k) => (
          <label key={k} className={radio}>
            <input
              type="radio"
              name="audience-kind"
              value={k}
              checked={value.kind === k}
              onChange={() => onChange({ ...value, kind: k })}
            />
            {KIND_LABELS[k]}
          </label>
        ))}
      </div>
      {value.kind === 'roles' && (
        <CheckGroupField
          label="نقش‌ها (شمار کاربران فعال)"
          options={roleOptions}
          value={value.role_ids}
          onChange={(role_ids) => onChange({ ...value, role_ids })}
        />
      )}
      {value.kind === 'users' && (
        <UserPicker
          value={value.user_ids}
          onChange={(user_ids) => onChange({ ...value, user_ids })}
          disabled={readOnly}
        />
      )}
      {value.kind === 'persons' && value.persons && (
        <div className={personsBox}>
          {personsAudienceText(value.persons)}
          <p className={muted}>فیلتر فهرست اشخاص حقیقی؛ برای تغییر آن به فهرست برگردید.</p>
        </div>
      )}
      {error && (
        <p role="alert" className={errorCss}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
