import { css } from 'styled-system/css';
import { type CommandContext, useCommands, visibleCommands } from '~/lib/commands.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { setShell, useShell } from './ui-state.ts';

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: '8',
  rowGap: '5',
  mt: '4',
  maxH: '65vh',
  overflowY: 'auto',
});
const heading = css({ fontSize: '12px', fontWeight: '600', color: 'muted', m: '0', mb: '1' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  minH: '30px',
  fontSize: '13px',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
const list = css({ listStyle: 'none', m: '0', p: '0' });

/** The `?` sheet: every shortcut the current screen answers to, from the commands registry. */
export function ShortcutSheet({ ctx }: { ctx: CommandContext }) {
  const open = useShell((s) => s.sheetOpen);
  const commands = useCommands();
  const groups = new Map<string, { id: string; title: string; shortcut: string }[]>();
  if (open) {
    for (const c of visibleCommands(commands, ctx)) {
      if (!c.shortcut) continue;
      groups.set(c.group, [
        ...(groups.get(c.group) ?? []),
        { id: c.id, title: c.title, shortcut: c.shortcut },
      ]);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => setShell({ sheetOpen: o })}
      title="میان‌برهای صفحه‌کلید"
      description="میان‌برها به جای کلیدها روی صفحه‌کلید بسته شده‌اند، نه به حرف‌ها؛ پس با چینش فارسی هم کار می‌کنند. هنگام نوشتن در کادرها فقط ترکیب‌های دارای Ctrl کار می‌کنند."
      size="lg"
    >
      <div className={grid}>
        {[...groups].map(([group, items]) => (
          <section key={group} aria-label={group}>
            <h3 className={heading}>{group}</h3>
            <ul className={list}>
              {items.map((i) => (
                <li key={i.id} className={row}>
                  <span>{i.title}</span>
                  <Kbd binding={i.shortcut} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
