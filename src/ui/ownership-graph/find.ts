import { searchKey } from '~/domain/persian-text.ts';
import type { GraphNode } from './types.ts';

/**
 * The ids of the nodes whose label holds `query`, in the nodes' order: Arabic ي/ك match Persian
 * ی/ک, Persian and ASCII digits match, and spaces and the zero-width non-joiner are alike.
 */
export function findNodes(nodes: Pick<GraphNode, 'id' | 'label'>[], query: string): string[] {
  const key = searchKey(query);
  if (!key) return [];
  return nodes.filter((n) => searchKey(n.label).includes(key)).map((n) => n.id);
}
