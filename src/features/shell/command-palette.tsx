import { useEffect, useMemo, useRef, useState } from 'react';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, type CommandContext, useCommands, visibleCommands } from '~/lib/commands.ts';
import {
  CommandPalette,
  PaletteEmpty,
  PaletteGroup,
  PaletteItem,
  PaletteLoading,
} from '~/ui/command-palette/palette.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import type { SearchAnswer } from './api.ts';
import { menuIcon } from './menu-icons.ts';
import { ENTITIES_HEADING, flatten, type PaletteEntry, rankPalette } from './palette-model.ts';
import { type RecentItem, readRecent, rememberRecent } from './recent.ts';
import { getShell, setShell, useShell } from './ui-state.ts';
import { useEntitySearch } from './use-entity-search.ts';

/** Where a chosen entry leads: a command to run, or a path. */
type Target = { command: Command } | { to: string; recent: RecentItem };

const LEGAL_VIEW = '/person/legal-persons/view/';
const TRUE_VIEW = '/person/true-persons/view/';

function entityEntries(answer: SearchAnswer | null, ctx: CommandContext): [PaletteEntry, Target][] {
  if (!answer) return [];
  const out: [PaletteEntry, Target][] = [];
  if (ctx.canOpen(`${LEGAL_VIEW}1`)) {
    for (const c of answer.legalPersons) {
      const hint = [c.ticker, c.national_id && toPersianDigits(c.national_id)].filter(Boolean).join(' · ');
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
 * GET /api/search as the user types. Recent choices come first.
 */
export function ShellPalette({ ctx }: { ctx: CommandContext }) {
  const open = useShell((s) => s.paletteOpen);
  const commands = useCommands();
  const [search, setSearch] = useState('');
  const [value, setValue] = useState('');
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const pinFirst = useRef(true);

  useEffect(() => {
    if (open) {
      setSearch(getShell().paletteDraft);
      setShell({ paletteDraft: '' });
      setRecent(readRecent());
      pinFirst.current = true;
    }
  }, [open]);

  const found = useEntitySearch(search, open && ctx.hasRole);

  const { groups, targets } = useMemo(() => {
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
    if ('command' in target) {
      rememberRecent({ key });
      target.command.run(ctx);
    } else {
      rememberRecent(target.recent);
      ctx.navigate(target.to);
    }
  };

  return (
    <CommandPalette
      open={open}
      onOpenChange={(o) => setShell({ paletteOpen: o })}
      label="جستجو و فرمان‌ها"
      placeholder={ctx.hasRole ? 'نام صفحه، فرمان، شرکت، نماد، شناسه ملی یا کد ملی…' : 'نام صفحه یا فرمان…'}
      search={search}
      onSearchChange={(s) => {
        pinFirst.current = true;
        setSearch(s);
      }}
      value={value}
      onValueChange={(v) => {
        if (v !== firstKey) pinFirst.current = false;
        setValue(v);
      }}
      footer={
        <>
          <span>
            <Kbd binding="ArrowDown" />
            <Kbd binding="ArrowUp" />
            حرکت
          </span>
          <span>
            <Kbd binding="Enter" />
            باز کردن
          </span>
          <span>
            <Kbd binding="Escape" />
            بستن
          </span>
        </>
      }
    >
      {found.loading && <PaletteLoading>در حال جستجوی شرکت‌ها و افراد…</PaletteLoading>}
      {!found.loading && (
        <PaletteEmpty>
          {found.failed
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
              onSelect={() => choose(e.key)}
            />
          ))}
        </PaletteGroup>
      ))}
    </CommandPalette>
  );
}
