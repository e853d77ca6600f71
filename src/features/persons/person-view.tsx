import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import type { HoldingItem } from '~/contract/persons.ts';
import type { RecordTypes } from '~/lib/record-sections.ts';
import { parseId } from '~/lib/route-params.ts';
import { Button } from '~/ui/button.tsx';
import { formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { RecordSection, recordStack, SectionKeys, useRecordKeys } from '~/ui/record/record-parts.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { RegisteredSections, sectionKeys } from '~/ui/record/registered-sections.tsx';
import { RecordTabs } from './history/history-tab.tsx';
import type { PersonKind } from './kinds.ts';
import { HoldingsTable, useRecordBack } from './record-view.tsx';

/**
 * The record view of a legal or a true person, one frame for both: the header with its command
 * buttons (E edits; a company also has R, its status report), the section keys, the kind's own
 * sections and then those other features register (contacts, documents …), and the history tab.
 * What each kind shows is its description (legal-person-view.tsx, true-person-view.tsx).
 */

type Kind = 'legal' | 'true';

/** A command of the view: its key, its palette entry and its header button, opening a route of the record. */
export interface ViewCommand {
  id: string;
  /** The palette's title and the header button's text. */
  title: string;
  button: string;
  shortcut: string;
  keywords: string[];
  to:
    | '/person/legal-persons/update/$id'
    | '/person/legal-persons/status/$id'
    | '/person/true-persons/update/$id';
}

/** One of the view's own sections. */
export interface ViewSection<D> {
  id: string;
  /** The heading; `key` the name its section key goes by, when shorter. */
  title: string;
  key?: string;
  padded?: boolean;
  count?(record: D): string | undefined;
  actions?(id: number, record: D): ReactNode;
  body(record: D): ReactNode;
}

/** What one kind of person's view shows: its kind (kinds.ts), then its header and sections. */
export interface PersonViewKind<K extends Kind, D extends RecordTypes[K] = RecordTypes[K]>
  extends PersonKind<K> {
  /** Header buttons, in order (each also a key and a palette command). */
  commands: ViewCommand[];
  /** The header's line under the name (badges, the national id …). */
  description(record: D): ReactNode;
  sections: ViewSection<D>[];
}

/** E: edit the record (its kind's edit route; the palette names the kind's noun, «شخص حقوقی»). */
export const editCommand = (kind: PersonKind): ViewCommand => ({
  id: `persons.${kind.list}.edit`,
  title: `ویرایش این ${kind.title}`,
  button: 'ویرایش',
  shortcut: 'KeyE',
  keywords: ['edit', 'ویرایش'],
  to: kind.edit,
});

/** The holdings section's heading and texts: a company's investments, a person's shareholdings. */
const HOLDINGS: Record<Kind, { id: string; title: string; caption: string; empty: string }> = {
  legal: {
    id: 'holdings',
    title: 'سرمایه‌گذاری‌ها',
    caption: 'شرکت‌هایی که این شخص سهامدار آن‌هاست',
    empty: 'این شخص در شرکت دیگری سهام ثبت‌شده ندارد.',
  },
  true: {
    id: 'shareholdings',
    title: 'سهامداری',
    caption: 'سهام این شخص در شرکت‌ها',
    empty: 'سهامی برای این شخص ثبت نشده است.',
  },
};

/** A section listing the companies the person holds shares in (`items` of the record), counted. */
export function holdingsSection<D>(kind: Kind, items: (record: D) => HoldingItem[]): ViewSection<D> {
  const { caption, empty, ...heading } = HOLDINGS[kind];
  return {
    ...heading,
    count: (p) => `${formatNumber(items(p).length)} شرکت`,
    body: (p) => <HoldingsTable items={items(p)} caption={caption} empty={empty} />,
  };
}

/** Registers a view command for as long as the view is open. */
function FormCommandOf({ command, id, group }: { command: ViewCommand; id: number; group: string }) {
  const navigate = useNavigate();
  useFormCommand({
    id: command.id,
    title: command.title,
    shortcut: command.shortcut,
    group,
    path: command.to.replace('$id', String(id)),
    keywords: command.keywords,
    run: () => navigate({ to: command.to, params: { id: String(id) } }),
  });
  return null;
}

/** The view of one person of `kind` (its id from the route). */
export function PersonView<K extends Kind>({ kind }: { kind: PersonViewKind<K> }) {
  const { id: raw } = useParams({ from: kind.view });
  const id = parseId(raw) ?? 0;
  const query = useQuery(kind.query(id));
  const sections = useMemo(
    () =>
      sectionKeys(
        kind.list,
        kind.sections.map((s) => ({ id: s.id, title: s.key ?? s.title })),
      ),
    [kind],
  );
  const back = useRecordBack(kind.list, id);
  useRecordKeys(kind.title, sections, back);
  const navigate = useNavigate();
  const commands = kind.commands.map((c) => (
    <FormCommandOf key={c.id} command={c} id={id} group={kind.title} />
  ));

  const p = query.data;
  if (!p)
    return (
      <>
        {commands}
        <RecordUnavailable query={query} {...kind.missing} />
      </>
    );
  const keyOf = (section: string) => sections.find((s) => s.id === section)?.key;
  return (
    <>
      {commands}
      <PageHeader
        title={kind.nameOf(p)}
        description={kind.description(p)}
        actions={kind.commands.map((c) => (
          <Button
            key={c.id}
            shortcut={c.shortcut}
            onClick={() => navigate({ to: c.to, params: { id: String(id) } })}
          >
            {c.button}
          </Button>
        ))}
      />
      <RecordTabs kind={kind.list} id={id} sections={sections}>
        <SectionKeys sections={sections} back="بازگشت به فهرست" />
        <div className={recordStack}>
          {kind.sections.map((s) => (
            <RecordSection
              key={s.id}
              id={s.id}
              title={s.title}
              shortcut={keyOf(s.id)}
              padded={s.padded}
              count={s.count?.(p)}
              actions={s.actions?.(id, p)}
            >
              {s.body(p)}
            </RecordSection>
          ))}
          <RegisteredSections kind={kind.list} id={id} record={p} keys={sections} />
        </div>
      </RecordTabs>
    </>
  );
}
