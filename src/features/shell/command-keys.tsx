import { useMemo } from 'react';
import { type CommandContext, useCommands, visibleCommands } from '~/lib/commands.ts';
import type { ShortcutMap } from '~/ui/shortcuts.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';

/** Binds the shortcut of every visible, enabled command in the registry to its `run`. */
export function CommandKeys({ ctx }: { ctx: CommandContext }) {
  const commands = useCommands();
  const map = useMemo(() => {
    const out: ShortcutMap = {};
    for (const c of visibleCommands(commands, ctx)) {
      if (!c.shortcut || c.bindKey === false) continue;
      out[c.shortcut] = (event) => {
        if (c.isEnabled && !c.isEnabled(ctx)) return;
        event.preventDefault();
        c.run(ctx);
      };
    }
    return out;
  }, [commands, ctx]);
  useShortcuts(map);
  return null;
}
