import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { STATE_CLASS_TITLES } from '~/contract/ownership.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, type CommandContext, useCommands, visibleCommands } from '~/lib/commands.ts';
import {
  actionsFor,
  type EntityAction,
  type EntityRef,
  performEntityAction,
  useEntityActions,
} from '~/lib/entity-actions.ts';
import {
  CommandPalette,
  PaletteChip,
  PaletteEmpty,
  PaletteGroup,
  PaletteItem,
  PaletteLoading,
} from '~/ui/command-palette/palette.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import type { SearchAnswer } from './api.ts';
import { menuIcon } from './menu-icons.ts';
import {
  ENTITIES_HEADING,
  entityOfEntry,
  flatten,
  type PaletteEntry,
  type PaletteNav,
  type PaletteNavEvent,
  paletteNav,
  type RankedGroup,
  rankActions,
  rankPalette,
} from './palette-model.ts';
import { type RecentItem, readRecent, rememberRecent } from './recent.ts';
import { getShell, setShell, useShell } from './ui-state.ts';
import { useEntitySearch } from './use-entity-search.ts';

/** Where a chosen entry leads: a command to run, a path, or an action on the entity of the page. */
type Target = { command: Command } | { to: string; recent: RecentItem } | { action: EntityAction };

/** The key that goes into a company's or person's actions (RTL or not, Tab is the same key). */
const PAGE_KEY = 'Tab';

const LEGAL_VIEW = '/person/legal-persons/view/';
const TRUE_VIEW = '/person/true-persons/view/';

/** What the recent list keeps of an entity (its record view). */
function entityRecent(entity: EntityRef): RecentItem {
  const legal = entity.kind === 'legal';
  return {
    key: `${entity.kind}:${entity.id}`,
    title: entity.title,
    hint: entity.hint,
    to: `${legal ? LEGAL_VIEW : TRUE_VIEW}${entity.id}`,
    icon: legal ? 'building' : 'user',
  };
}

function entityEntries(answer: SearchAnswer | null, ctx: CommandContext): [PaletteEntry, Target][] {
  if (!answer) return [];
  const out: [PaletteEntry, Target][] = [];
  if (ctx.canOpen(`${LEGAL_VIEW}1`)) {
    for (const c of answer.legalPersons) {
      const hint = [
        c.ticker,
        c.national_id && toPersianDigits(c.national_id),
        STATE_CLASS_TITLES[c.state_class],
      ]
        .filter(Boolean)
        .join(' · ');
      const entry: PaletteEntry = {
        key: `legal:${c.id}`,
        title: c.name,
        hint,
        keywords: [],
        icon: 'building',
        group: ENTITIES_HEADING,
      };
      const to = `${LEGAL_VIEW}${c.id}`;
      out.push([entry, { to, recent: { key: entry.key, title: c.name, hint, to, icon: 'building' } }]);
    }
  }
  if (ctx.canOpen(`${TRUE_VIEW}1`)) {
    for (const p of answer.truePersons) {
      const title = `${p.first_name} ${p.last_name}`;
      const hint = p.national_code ? toPersianDigits(p.national_code) : undefined;
      const entry: PaletteEntry = {
        key: `true:${p.id}`,
        title,
        hint,
        keywords: [],
        icon: 'user',
        group: ENTITIES_HEADING,
      };
      const to = `${TRUE_VIEW}${p.id}`;
      out.push([entry, { to, recent: { key: entry.key, title, hint, to, icon: 'user' } }]);
    }
  }
  return out;
}

/**
 * The palette (Ctrl/⌘+K): every command of the registry the current role may see — screens
 * by Persian title and path, shell and feature actions — plus companies and people from
 * GET /api/search as the user types. Recent choices come first. Tab on a company or person
 * opens a page of its actions (src/lib/entity-actions.ts) with the entity as a chip in the
 * input; Backspace on an empty input or Esc comes back; Enter on the entity still opens it.
 */
export function ShellPalette({ ctx }: { ctx: CommandContext }) {
  const open = useShell((s) => s.paletteOpen);
  const commands = useCommands();
  const registry = useEntityActions();
  const navigate = useNavigate();
  const [nav, setNav] = useState<PaletteNav>({ pages: [], search: '' });
  const [value, setValue] = useState('');
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const pinFirst = useRef(true);
  const search = nav.search;
  const page = nav.pages.at(-1)?.entity ?? null;
  const step = (event: PaletteNavEvent) => {
    const next = paletteNav(nav, event);
    const popped = next.pages.length < nav.pages.length ? nav.pages.at(-1)?.entity : undefined;
    // Back from a page, the entity it was about stays highlighted.
    pinFirst.current = !popped;
    if (popped) setValue(`${popped.kind}:${popped.id}`);
    setNav(next);
  };

  useEffect(() => {
    if (open) {
      setNav(paletteNav({ pages: [], search: '' }, { type: 'reset', search: getShell().paletteDraft }));
      setShell({ paletteDraft: '' });
      setRecent(readRecent());
      pinFirst.current = true;
    }
  }, [open]);

  // On a page the search below it stays as it was: its results are there again on the way back.
  const found = useEntitySearch(nav.pages[0]?.search ?? search, open && ctx.hasRole);

  const root = useMemo(() => {
    const targets = new Map<string, Target>();
    const commandEntries: PaletteEntry[] = [];
    for (const c of visibleCommands(commands, ctx)) {
      if (c.palette === false) continue;
      const entry: PaletteEntry = {
        key: `cmd:${c.id}`,
        title: c.title,
        hint: c.hint,
        hintLtr: c.hint?.startsWith('/'),
        keywords: c.keywords ?? [],
        shortcut: c.shortcut,
        group: c.group,
        disabled: c.isEnabled ? !c.isEnabled(ctx) : false,
      };
      commandEntries.push(entry);
      targets.set(entry.key, { command: c });
    }
    if (!search.trim()) {
      // Companies and people chosen before, shown among the recent items.
      for (const r of recent) {
        if (!r.to || !r.title || !ctx.canOpen(r.to)) continue;
        commandEntries.push({
          key: r.key,
          title: r.title,
          hint: r.hint,
          keywords: [],
          icon: r.icon,
          group: ENTITIES_HEADING,
        });
        targets.set(r.key, { to: r.to, recent: r });
      }
    }
    const entities = entityEntries(found.data, ctx);
    for (const [entry, target] of entities) targets.set(entry.key, target);
    const groups = rankPalette(
      commandEntries,
      entities.map(([e]) => e),
      search,
      recent.map((r) => r.key),
    );
    return { groups, targets };
  }, [commands, ctx, search, recent, found.data]);

  const { groups, targets } = useMemo((): { groups: RankedGroup[]; targets: Map<string, Target> } => {
    if (!page) return root;
    const actions = actionsFor(registry, page, ctx);
    const targets = new Map<string, Target>(actions.map((a) => [`action:${a.id}`, { action: a }]));
    return { groups: rankActions(actions, page, search), targets };
  }, [page, registry, ctx, search, root]);

  const flat = flatten(groups);
  const firstKey = flat.find((e) => !e.disabled)?.key ?? '';
  // Keep the best match highlighted as results arrive, until the user moves the highlight.
  useEffect(() => {
    if (pinFirst.current) setValue(firstKey);
  }, [firstKey]);

  const choose = (key: string) => {
    const target = targets.get(key);
    if (!target) return;
    setShell({ paletteOpen: false });
    if ('action' in target) {
      if (!page) return;
      rememberRecent(entityRecent(page));
      // Actions lead to hrefs with a #section: the router parses them whole.
      performEntityAction(target.action, page, { ...ctx, navigate: (href) => navigate({ href }) });
    } else if ('command' in target) {
      rememberRecent({ key });
      target.command.run(ctx);
    } else {
      rememberRecent(target.recent);
      ctx.navigate(target.to);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.code === PAGE_KEY && !e.shiftKey && !page) {
      const entry = flat.find((x) => x.key === value);
      const entity = entry && entityOfEntry(entry);
      if (entity) {
        e.preventDefault();
        step({ type: 'page.push', entity });
      }
      return;
    }
    if (!page) return;
    if (e.code === 'Backspace' && search === '') {
      e.preventDefault();
      step({ type: 'key.backspace' });
    }
  };
  // Esc on a page goes one level back. The dialog listens for Esc on the document in the capture
  // phase (and would close): this listener, on the window, sees it first and keeps it.
  const latestStep = useRef(step);
  latestStep.current = step;
  const onPage = !!page;
  useEffect(() => {
    if (!open || !onPage) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.code !== 'Escape' || e.isComposing) return;
      e.preventDefault();
      e.stopPropagation();
      latestStep.current({ type: 'page.pop' });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, onPage]);

  return (
    <CommandPalette
      open={open}
      onOpenChange={(o) => setShell({ paletteOpen: o })}
      label="جستجو و فرمان‌ها"
      placeholder={
        page
          ? 'کار مورد نظر را بنویسید…'
          : ctx.hasRole
            ? 'نام صفحه، فرمان، شرکت، نماد، شناسه ملی یا کد ملی…'
            : 'نام صفحه یا فرمان…'
      }
      search={search}
      onSearchChange={(s) => step({ type: 'search.change', search: s })}
      value={value}
      onValueChange={(v) => {
        if (v !== firstKey) pinFirst.current = false;
        setValue(v);
      }}
      onKeyDown={onKeyDown}
      inputPrefix={
        page && <PaletteChip icon={page.kind === 'legal' ? 'building' : 'user'}>{page.title}</PaletteChip>
      }
      footer={
        <>
          <span>
            <Kbd binding="ArrowDown" />
            <Kbd binding="ArrowUp" />
            حرکت
          </span>
          <span>
            <Kbd binding="Enter" />
            {page ? 'انجام' : 'باز کردن'}
          </span>
          {page ? (
            <span>
              <Kbd binding="Backspace" />
              بازگشت
            </span>
          ) : (
            <span>
              <Kbd binding={PAGE_KEY} />
              کارهای شرکت یا فرد
            </span>
          )}
          <span>
            <Kbd binding="Escape" />
            {page ? 'بازگشت' : 'بستن'}
          </span>
        </>
      }
    >
      {found.loading && !page && <PaletteLoading>در حال جستجوی شرکت‌ها و افراد…</PaletteLoading>}
      {!found.loading && (
        <PaletteEmpty>
          {page
            ? 'کاری با این نام نیست؛ Backspace به فهرست برمی‌گردد.'
            : found.failed
              ? 'جستجو انجام نشد؛ دوباره بنویسید یا اتصال را بررسی کنید.'
              : 'چیزی پیدا نشد. بخشی از نام شرکت، نماد، شناسه ملی یا کد ملی را بنویسید.'}
        </PaletteEmpty>
      )}
      {groups.map((g) => (
        <PaletteGroup key={g.heading} heading={g.heading}>
          {g.entries.map((e) => (
            <PaletteItem
              key={e.key}
              value={e.key}
              title={e.title}
              hint={e.hint}
              hintLtr={e.hintLtr}
              icon={e.icon ?? (e.key.startsWith('cmd:nav:') ? menuIcon(null, e.hint) : undefined)}
              shortcut={e.shortcut}
              disabled={e.disabled}
              pageKey={!page && entityOfEntry(e) ? PAGE_KEY : undefined}
              onSelect={() => choose(e.key)}
            />
          ))}
        </PaletteGroup>
      ))}
    </CommandPalette>
  );
}
