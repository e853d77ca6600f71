import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { TransferFormat } from '~/contract/person-transfer.ts';
import { canOpen } from '~/lib/guard.ts';
import { readSession } from '~/lib/session.ts';
import { Button, button } from '~/ui/button.tsx';
import type { ListQuery } from '~/ui/data-table/types.ts';
import { Icon } from '~/ui/icons.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { useTransferCommands } from '~/ui/record/commands.ts';
import { downloadFile } from './api.ts';
import { exportUrl, type TransferList } from './export-url.ts';
import { ImportDialog } from './import-dialog.tsx';

const menu = css({
  display: 'flex',
  flexDirection: 'column',
  minW: '200px',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '1',
  zIndex: 30,
  outline: 'none',
});
const item = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: '2',
  h: '32px',
  borderRadius: '4px',
  fontSize: '13px',
  cursor: 'pointer',
  w: '100%',
  bg: 'transparent',
  border: 'none',
  color: 'ink',
  textAlign: 'start',
  _hover: { bg: 'subtle' },
  _focusVisible: { bg: 'subtle' },
});

const PATHS: Record<TransferList, { edit: string; prefix: string; group: string }> = {
  legal: { edit: '/person/legal-persons/create', prefix: 'persons.legal', group: 'اشخاص حقوقی' },
  true: { edit: '/person/true-persons/create', prefix: 'persons.true', group: 'اشخاص حقیقی' },
};

export interface TransferActionsProps {
  list: TransferList;
  /** The list's current view as the server reads it (`toListQuery(search, filters)`). */
  query: ListQuery;
}

/**
 * The list toolbar's «خروجی» menu (Excel, CSV: the current filter and sort) and «ورود از پرونده»
 * button with its dialog; the same three actions are commands (Shift+E, Shift+I, palette).
 */
export function TransferActions({ list, query }: TransferActionsProps) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const p = PATHS[list];
  const canImport = useMemo(() => canOpen(p.edit, readSession()), [p.edit]);
  const run = (format: TransferFormat) =>
    downloadFile(exportUrl(list, query, { format }), `export.${format}`);
  const pick = (format: TransferFormat) => {
    setExporting(false);
    run(format);
  };
  useTransferCommands({
    prefix: p.prefix,
    group: p.group,
    editPath: p.edit,
    exportXlsx: () => run('xlsx'),
    exportCsv: () => run('csv'),
    openImport: () => setImporting(true),
  });

  return (
    <>
      <Popover.Root
        open={exporting}
        onOpenChange={(d) => setExporting(d.open)}
        positioning={{ placement: 'bottom-end' }}
      >
        <Popover.Trigger className={button({ tone: 'secondary' })} aria-keyshortcuts="Shift+E">
          خروجی
          <Icon name="chevron" size={14} className={css({ transform: 'rotate(90deg)' })} />
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={menu} dir="rtl" aria-label="خروجی فهرست">
              {(['xlsx', 'csv'] as const).map((f) => (
                <button key={f} type="button" className={item} onClick={() => pick(f)}>
                  {f === 'xlsx' ? 'Excel (xlsx)' : 'CSV (UTF-8)'}
                  {f === 'xlsx' && <Kbd binding="Shift+KeyE" />}
                </button>
              ))}
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {canImport && (
        <Button shortcut="Shift+KeyI" onClick={() => setImporting(true)}>
          ورود از پرونده
        </Button>
      )}
      <ImportDialog list={list} open={importing} onOpenChange={setImporting} />
    </>
  );
}
