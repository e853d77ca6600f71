/**
 * The ownership graph's data: what a screen of a company's owners (upward) or subsidiaries
 * (downward) hands to OwnershipGraph. Edges always run from the holder to the company held.
 */

/** Who a node is: the state itself, a company by its state share, or a true person. */
export type GraphTone = 'state' | 'state-owned' | 'state-affiliated' | 'private' | 'person';

export type GraphNode = {
  id: string;
  label: string;
  /** A second line, e.g. «سهم دولت ۶۲٫۵٪». */
  sublabel?: string;
  tone: GraphTone;
  /** The tone's words on its badge (colour is never the only sign); a default per tone otherwise. */
  toneLabel?: string;
  /** The company the screen is about. */
  root?: boolean;
  /** On the control path: highlighted. */
  onPath?: boolean;
  /** Links not shown yet: draws «۱۲ مورد دیگر». */
  more?: number;
  /** Its next level is shown (− collapses it). */
  expanded?: boolean;
  /** Its next level can be shown (+ expands it). */
  expandable?: boolean;
};

export type GraphEdge = {
  id: string;
  /** The holder's node id. */
  holder: string;
  /** The held company's node id. */
  company: string;
  /** e.g. «مستقیم ۴۰٪ · یکپارچه ۴۵٫۴٪». */
  label: string;
  /** On the control path: highlighted. */
  onPath?: boolean;
  /** The share is not known: drawn dashed. */
  unknown?: boolean;
};

/**
 * An interlock between two companies drawn on the graph (issue 17, "Boards tied to ownership"):
 * one person on both boards, or a board member of one holding shares in the other. Drawn as an
 * arc that takes no part in the layout.
 */
export type GraphTie = {
  id: string;
  /** The two companies' node ids. */
  a: string;
  b: string;
  kind: 'board' | 'shareholding';
  /** Drawn on the arc: the person's name. */
  label: string;
  /** Said and shown on hover: what ties them, in a sentence. */
  title: string;
};

/** up: holders drawn above their companies (the root at the bottom); down: the root at the top. */
export type GraphDirection = 'up' | 'down';

export interface OwnershipGraphProps {
  nodes: GraphNode[];
  edges: GraphEdge[];
  direction: GraphDirection;
  /** The canvas's accessible name. */
  label: string;
  /** Enter (or a double click) on a node: open its record. */
  onOpen(id: string): void;
  /** + or the node's expander: show the node's next level. */
  onExpand(id: string): void;
  /** −: hide the node's next level. */
  onCollapse(id: string): void;
  /** M or «N مورد دیگر»: load the links not shown yet. */
  onMore(id: string): void;
  /** The node focused first (default: the root). */
  initialFocus?: string;
  /** File name stem of the SVG and PNG exports. */
  exportName: string;
  /** Interlocks to draw between the nodes (I shows and hides them); none offered when undefined. */
  ties?: GraphTie[];
}

/** A point in layout coordinates (px, y down). */
export type Point = { x: number; y: number };

/** A laid-out node: its box's top-left corner, size and layer (0 at the top). */
export type NodeBox = { x: number; y: number; width: number; height: number; layer: number };

/** A laid-out edge: its path from the holder's border to the company's, and its label's box (centre). */
export type EdgeRoute = { points: Point[]; label: { x: number; y: number; width: number; height: number } };

export type LayoutResult = {
  width: number;
  height: number;
  nodes: Record<string, NodeBox>;
  edges: Record<string, EdgeRoute>;
};
