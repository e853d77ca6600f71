/**
 * The rows of one list result (one query: its q, sort and filters) held in blocks around the
 * viewport: the first piece of the windowed row model (issue 15), where the scrollbar spans the
 * whole result from the first answer and memory stays the same at row 10 and at row 900,000.
 *
 * Row `i` is in block `⌊i / size⌋`. A row whose block is not held is a placeholder (`undefined`).
 * At most `capacity` blocks are held (or those on screen and read ahead, when more): the blocks
 * farthest from the viewport go first, never one the viewport shows or reads ahead. It fetches nothing: the list asks `wanted`
 * which blocks to read for the rows on screen, reads them (`reading`), and `put`s what came back
 * (or says `failed`). A changed record is found by `holding(id)`, whose blocks are read again.
 * A new query is a new RowBlocks.
 */
export class RowBlocks<Row> {
  readonly size: number;
  readonly capacity: number;
  /** Rows in the whole result, from the latest answer (null before the first). */
  total: number | null = null;
  private readonly idOf: (row: Row) => string;
  private readonly blocks = new Map<number, Row[]>();
  private readonly inFlight = new Set<number>();
  /** The blocks the viewport showed at the last `wanted`, with those read ahead on each side. */
  private view = { first: 0, last: 0 };

  constructor(options: { idOf(row: Row): string; size?: number; capacity?: number }) {
    this.idOf = options.idOf;
    this.size = options.size ?? 100;
    this.capacity = Math.max(1, options.capacity ?? 30);
  }

  /** The block row `index` is in. */
  blockOf(index: number): number {
    return Math.floor(index / this.size);
  }

  /** The last block of the result (-1 while the total is not known or the result is empty). */
  private lastBlock(): number {
    return this.total === null ? -1 : Math.ceil(this.total / this.size) - 1;
  }

  /** The row at `index`, or undefined while its block is not held (a placeholder row). */
  row(index: number): Row | undefined {
    return this.blocks.get(this.blockOf(index))?.[index % this.size];
  }

  /**
   * The blocks to read so that rows `first`..`last` (and `ahead` blocks beyond each end) are
   * held: those neither held nor being read, within the result, nearest the viewport first.
   * Before the first answer only block 0 is wanted (its answer brings the total). Held blocks
   * beyond `capacity` that the new viewport does not show are dropped, farthest first.
   */
  wanted(first: number, last: number, ahead = 1): number[] {
    const view = { first: this.blockOf(Math.max(0, first)), last: this.blockOf(Math.max(0, last, first)) };
    // what eviction spares: the blocks shown and those read ahead of them
    this.view = { first: view.first - ahead, last: view.last + ahead };
    // the viewport moved: blocks held beyond capacity, far from it, can go now
    this.evict();
    if (this.total === null) return this.blocks.has(0) || this.inFlight.has(0) ? [] : [0];
    const end = this.lastBlock();
    const out: number[] = [];
    for (let b = Math.max(0, view.first - ahead); b <= Math.min(end, view.last + ahead); b++)
      if (!this.blocks.has(b) && !this.inFlight.has(b)) out.push(b);
    const middle = (view.first + view.last) / 2;
    return out.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle) || a - b);
  }

  /** Marks a block as being read (`wanted` does not offer it again until it is put or failed). */
  reading(block: number): void {
    this.inFlight.add(block);
  }

  /**
   * A block's rows as read, and the result's total in that answer: held, and the blocks beyond
   * `capacity` dropped, farthest from the viewport first (never one it shows or reads ahead). A total
   * that changed (rows added or removed meanwhile) is taken as it is; blocks past the new end go.
   */
  put(block: number, rows: readonly Row[], total: number): void {
    this.inFlight.delete(block);
    this.total = total;
    const end = this.lastBlock();
    for (const b of [...this.blocks.keys()]) if (b > end) this.blocks.delete(b);
    if (block <= end) this.blocks.set(block, rows.slice(0, this.size));
    this.evict();
  }

  /** A block's read failed: it may be wanted again. */
  failed(block: number): void {
    this.inFlight.delete(block);
  }

  /** The held blocks that hold the row with this id (to read again after it changed elsewhere). */
  holding(id: string): number[] {
    const out: number[] = [];
    for (const [b, rows] of this.blocks) if (rows.some((r) => this.idOf(r) === id)) out.push(b);
    return out.sort((a, b) => a - b);
  }

  /** Drops blocks: their rows are placeholders until they are read again. */
  drop(blocks: readonly number[]): void {
    for (const b of blocks) this.blocks.delete(b);
  }

  /** Whether a block is held. */
  has(block: number): boolean {
    return this.blocks.has(block);
  }

  /** Whether a block is being read. */
  isReading(block: number): boolean {
    return this.inFlight.has(block);
  }

  /** The positions of the held rows, as ranges (a block each, in order). */
  heldRanges(): [number, number][] {
    return this.held().map((b) => [b * this.size, b * this.size + (this.blocks.get(b)?.length ?? 1) - 1]);
  }

  /** The held rows with their positions, in order (what the table builds its rows from). */
  heldRows(): { index: number; row: Row }[] {
    const out: { index: number; row: Row }[] = [];
    for (const b of this.held()) {
      const rows = this.blocks.get(b)!;
      for (let i = 0; i < rows.length; i++) out.push({ index: b * this.size + i, row: rows[i]! });
    }
    return out;
  }

  /** The held blocks, in order. */
  held(): number[] {
    return [...this.blocks.keys()].sort((a, b) => a - b);
  }

  private evict(): void {
    if (this.blocks.size <= this.capacity) return;
    const { first, last } = this.view;
    const middle = (first + last) / 2;
    const far = [...this.blocks.keys()]
      .filter((b) => b < first || b > last)
      .sort((a, b) => Math.abs(b - middle) - Math.abs(a - middle) || b - a);
    for (const b of far) {
      if (this.blocks.size <= this.capacity) break;
      this.blocks.delete(b);
    }
  }
}
