import { Suspense } from 'react';
import { type RecordKind, type RecordTypes, recordSections } from '~/lib/record-sections.ts';
import { Skeleton } from '../skeleton.tsx';
import type { RecordSectionKey } from './record-parts.tsx';

/**
 * A record view's sections with their keys: the view's own (`own`, in order) and then those
 * features registered for `kind` (src/lib/record-sections.ts), numbered Digit1 … in that order.
 */
export function sectionKeys(
  kind: RecordKind,
  own: readonly { id: string; title: string }[],
): RecordSectionKey[] {
  return [...own, ...recordSections(kind)].map((s, i) => ({
    id: s.id,
    title: s.title,
    key: `Digit${i + 1}`,
  }));
}

/** A registered section while its code loads: its place (and `#id`, for jumps) with grey lines. */
function Loading({ id }: { id: string }) {
  return (
    <section id={id} aria-busy="true" style={{ display: 'grid', gap: 12, padding: 16 }}>
      <Skeleton width="20%" />
      <Skeleton width="80%" />
    </section>
  );
}

/** The sections features registered for `kind`, each given the record and its key. */
export function RegisteredSections<K extends RecordKind>({
  kind,
  id,
  record,
  keys,
}: {
  kind: K;
  id: number;
  record: RecordTypes[K];
  keys: readonly RecordSectionKey[];
}) {
  return (
    <>
      {recordSections(kind).map(({ id: section, Component }) => (
        <Suspense key={section} fallback={<Loading id={section} />}>
          <Component
            kind={kind}
            id={id}
            record={record}
            shortcut={keys.find((k) => k.id === section)?.key ?? ''}
          />
        </Suspense>
      ))}
    </>
  );
}
