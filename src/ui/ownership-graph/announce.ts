import { formatNumber } from '../format.ts';
import { toneLabel } from './tones.ts';
import type { GraphEdge, GraphNode, GraphTie } from './types.ts';

/** «N گره، M پیوند»: the count line that lets a screen show that its graph and its list agree. */
export const countLine = (nodes: number, edges: number) =>
  `${formatNumber(nodes)} گره، ${formatNumber(edges)} پیوند`;

/**
 * What the live region says of the focused node: its label, tone, sublabel, how many of its
 * holders and companies are drawn, what is not shown yet, whether it is on the control path, and
 * the interlocks drawn from it (`ties`, when they are shown).
 */
export function describeNode(
  node: GraphNode,
  edges: Pick<GraphEdge, 'holder' | 'company'>[],
  ties: Pick<GraphTie, 'a' | 'b' | 'title'>[] = [],
): string {
  let holders = 0;
  let companies = 0;
  for (const e of edges) {
    if (e.company === node.id) holders++;
    if (e.holder === node.id) companies++;
  }
  const parts = [node.label, toneLabel(node.tone, node.toneLabel)];
  if (node.sublabel) parts.push(node.sublabel);
  if (node.root) parts.push('شرکت مورد بررسی');
  if (node.onPath) parts.push('بر مسیر کنترل');
  parts.push(`${formatNumber(holders)} سهامدار و ${formatNumber(companies)} شرکت در نمودار`);
  if (node.more && node.more > 0) parts.push(`${formatNumber(node.more)} مورد دیگر نشان داده نشده`);
  if (node.expandable && !node.expanded) parts.push('گسترش‌پذیر');
  const tied = ties.filter((t) => t.a === node.id || t.b === node.id);
  if (tied.length)
    parts.push(`${formatNumber(tied.length)} هم‌پیوندی: ${tied.map((t) => t.title).join('؛ ')}`);
  return parts.join('، ');
}
