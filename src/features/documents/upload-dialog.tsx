import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import type { DocumentType } from '~/contract/document-types.ts';
import {
  DOCUMENT_MIME_TITLES,
  type DocumentItem,
  type DocumentMime,
  documentEntity,
  documentUpload,
} from '~/contract/documents.ts';
import { ownedApi } from '~/lib/owned-api.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { Input, input as inputCss } from '~/ui/input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';
import { documentTypesQuery } from './api.ts';
import { formatBytes } from './format.ts';

const selectCss = css({ appearance: 'auto', py: '0' });
const fileCss = css({ fontSize: '13px', '&::file-selector-button': { fontFamily: 'inherit' } });

interface UploadDialogProps {
  /** The person the document is filed under. */
  owner: Pick<RecordSectionProps, 'kind' | 'id'>;
  onClose(): void;
  onSaved(): void;
}

interface Values {
  document_type_id: number | '';
  title: string;
  file: File | null;
}

/** The upload's multipart body. */
function multipart(input: Values): FormData {
  const form = new FormData();
  form.set('document_type_id', String(input.document_type_id));
  form.set('title', input.title);
  if (input.file) form.set('file', input.file);
  return form;
}

/**
 * Upload a document: its type (the managed list, those for this owner type), a title (the type's
 * name until one is typed) and the file. The server judges the file by its bytes against the
 * type's limits; its 422 messages are shown under their fields. Ctrl/⌘+Enter uploads.
 */
export function UploadDialog({ owner, onClose, onSaved }: UploadDialogProps) {
  const id = useId();
  const types = useQuery(documentTypesQuery(owner.kind));
  // A file over the chosen type's limit is refused here, before its bytes travel (the server
  // checks again, and judges the type by the bytes).
  const limit = useRef<DocumentType | undefined>(undefined);
  const schema = documentUpload.superRefine((v, ctx) => {
    const t = limit.current;
    if (t && v.file.size > t.max_bytes)
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: `حجم پرونده «${t.name}» حداکثر ${formatBytes(t.max_bytes)} است`,
      });
  });
  const form = useForm<Values, unknown>({
    schema,
    initial: { document_type_id: '', title: '', file: null },
    save: (data) =>
      ownedApi<DocumentItem>(documentEntity, { type: owner.kind, id: owner.id }).create(
        multipart(data as Values),
      ),
    onSaved,
  });
  const { values, set, errors } = form;
  const chosen = types.data?.find((t) => t.id === values.document_type_id);
  limit.current = chosen;
  const pickType = (raw: string) => {
    const next = raw ? Number(raw) : '';
    const previous = types.data?.find((t) => t.id === values.document_type_id);
    const type = types.data?.find((t) => t.id === next);
    set('document_type_id', next);
    if (type && (!values.title || values.title === previous?.name)) set('title', type.name);
  };
  const limits = chosen
    ? `${chosen.mime_types.map((m) => DOCUMENT_MIME_TITLES[m as DocumentMime] ?? m).join('، ')} — حداکثر ${formatBytes(chosen.max_bytes)}`
    : 'نخست نوع مستند را انتخاب کنید';
  return (
    <FormDialog
      open
      title="بارگذاری مستند"
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label="نوع مستند" error={errors.document_type_id} required>
        <select
          id={`${id}-type`}
          className={cx(inputCss(), selectCss)}
          value={values.document_type_id}
          autoFocus
          onChange={(e) => pickType(e.target.value)}
        >
          <option value="">{types.isPending ? 'در حال بارگیری…' : 'انتخاب کنید'}</option>
          {types.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="عنوان" error={errors.title} required hint="حداکثر ۲۰۰ نویسه">
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={220}
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <Field label="پرونده" error={errors.file} required hint={limits}>
        <input
          id={`${id}-file`}
          type="file"
          className={fileCss}
          accept={chosen?.mime_types.join(',')}
          onChange={(e) => set('file', e.target.files?.[0] ?? null)}
        />
      </Field>
    </FormDialog>
  );
}
