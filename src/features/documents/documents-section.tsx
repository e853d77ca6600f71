import { type DocumentItem, documentEntity } from '~/contract/documents.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { formatDate } from '~/ui/format.ts';
import { OwnedSection } from '~/ui/record/owned-section.tsx';
import { documentFileUrl, documentKeys } from './api.ts';
import { formatBytes } from './format.ts';
import { UploadDialog } from './upload-dialog.tsx';

const KEYWORDS = ['upload', 'document', 'file', 'مستند', 'پرونده', 'بارگذاری'];

/** The file's download link, named by the file. */
const fileLink = (d: DocumentItem) => (
  <a href={documentFileUrl(d.id)} download={d.file_name} aria-label={`دریافت ${d.file_name}`}>
    <bdi>{d.file_name}</bdi>
  </a>
);

/**
 * «مستندات» on a person's view: the documents on file (title, type, file, size, uploader, Jalali
 * date) with a download link each; for roles that may edit the person, U (or the button) opens
 * the upload dialog and each row has a delete button asking first.
 */
export function DocumentsSection(props: RecordSectionProps) {
  const add = { id: `documents.${props.kind}.upload`, key: 'KeyU', label: 'بارگذاری مستند' };
  return (
    <OwnedSection<DocumentItem>
      id="documents"
      entity={documentEntity}
      at={props}
      add={{ ...add, title: add.label, keywords: KEYWORDS }}
      failed="فهرست مستندات بارگیری نشد"
      empty={{ hint: 'با کلید U مستندی بارگذاری کنید', none: 'مستندی' }}
      cells={{
        document_type: (d) => d.document_type.name,
        file_name: fileLink,
        size: (d) => formatBytes(d.size),
        uploaded_by: (d) => d.uploaded_by?.name ?? 'سامانه',
        created_at: (d) => formatDate(d.created_at),
      }}
      form={(p) => <UploadDialog owner={props} onClose={p.onClose} onSaved={p.onSaved} />}
      saved={() => 'مستند بارگذاری شد'}
      reloads={[documentKeys.types]}
      remove={{
        done: (d) => `مستند «${d.title}» حذف شد`,
        describe: (d) => `«${toPersianDigits(d.title)}» (${d.file_name}) از پرونده این شخص حذف می‌شود.`,
      }}
    />
  );
}
