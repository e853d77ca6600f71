import { formulaEntity } from '~/contract/performance-config.ts';
import { Badge } from '~/ui/badge.tsx';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { EMPTY } from '~/ui/format.ts';
import { FormulaEditor } from './formula-editor.tsx';

/**
 * /performance/formulas/list (permission performance; changes performance.manage): the formulas,
 * each marked whether it parses with the chart and measures of now (the errors beside it). N new,
 * E or Enter opens the editor (its preview evaluates the text for a company and year as it is
 * typed; Ctrl+Enter saves), Delete deletes (refused while items read the formula).
 */
export const FormulasScreen = entityScreen('/performance/formulas/list', formulaEntity, {
  cells: {
    valid: (r) => (r.valid ? <Badge tone="success">درست</Badge> : <Badge tone="danger">نادرست</Badge>),
    errors: (r) => (r.errors ? <span title={String(r.errors)}>{String(r.errors)}</span> : EMPTY),
    text: (r) => (
      <span dir="ltr" title={String(r.text)}>
        {String(r.text)}
      </span>
    ),
  },
  editor: (p) => <FormulaEditor {...p} />,
  removeNotice: (r, name) =>
    Number(r.uses) > 0
      ? `«${name}» منبع شاخص‌هایی است و تا آن‌ها از آن می‌خوانند حذف نمی‌شود.`
      : `«${name}» برای همیشه حذف می‌شود.`,
});
