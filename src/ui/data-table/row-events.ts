import type { RefObject } from 'react';

/** What a grid row reports to its grid (focus, selection, open), through one ref that never changes. */
export interface GridRowEvents<T> {
  focusRow(index: number): void;
  selectClick(index: number, shift: boolean): void;
  open(row: T): void;
  /** The grid got focus while no row was focused. */
  focusFirst(): void;
}

export type RowEventsRef<T> = RefObject<GridRowEvents<T>>;
