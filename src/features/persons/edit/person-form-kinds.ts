import type { z } from 'zod';
import type { EntityField } from '~/contract/entity.ts';
import { legalPersonEntity } from '~/contract/legal-person.ts';
import {
  legalPersonInput,
  legalPersonUpdate,
  truePersonInput,
  truePersonUpdate,
} from '~/contract/person-forms.ts';
import { truePersonEntity } from '~/contract/true-person.ts';
import { formFields } from '~/ui/entity/entity-form.tsx';
import { LEGAL_PERSON, type PersonKind, TRUE_PERSON } from '../kinds.ts';
import { educationCode } from './labels.ts';

/**
 * What the person form (person-form.tsx) edits for each kind, as data: the fields come from the
 * kind's description (contract/legal-person.ts, true-person.ts: section, control, digits, hints,
 * initial values); beside them the kind's routes, schemas and query, and how a field the detail
 * answers as a record (the industry) or in an older form (an education code) opens in the form.
 */

export type Detail = Record<string, unknown> & {
  id: number;
  version: number;
  province?: { name: string } | null;
};
export type Values = Record<string, unknown>;
/** A kind's form: its kind (kinds.ts), and the fields, names, schemas and new values it edits. */
export interface PersonFormKind extends PersonKind {
  /** The description's fields the form edits, in the form's order (ui/entity/entity-form.tsx formFields). */
  fields: [string, EntityField][];
  /** How a field opens from the detail when not as the detail answers it (default: by its type and digits). */
  read: Record<string, (detail: Detail) => unknown>;
  input: z.ZodType;
  update: z.ZodType;
}

export const LEGAL: PersonFormKind = {
  ...LEGAL_PERSON,
  input: legalPersonInput,
  update: legalPersonUpdate,
  fields: formFields(legalPersonEntity),
  read: { industry_id: (d) => (d.industry as { id: number } | null)?.id },
};

export const TRUE: PersonFormKind = {
  ...TRUE_PERSON,
  input: truePersonInput,
  update: truePersonUpdate,
  fields: formFields(truePersonEntity),
  read: { education_level: (d) => educationCode(d.education_level as string | null) },
};
