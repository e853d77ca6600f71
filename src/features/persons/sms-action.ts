import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { AUDIENCE_IDS_MAX } from '~/contract/notification-messages.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { toFilterQuery } from '~/ui/data-table/search-params.ts';
import type { BulkAction, BulkSelection, ListQuery } from '~/ui/data-table/types.ts';
import { toast } from '~/ui/toaster.tsx';

/**
 * «ارسال پیامک» on the true persons list: opens /notifications/sms with the list's query (or the
 * chosen rows) as the message's persons audience, passed by URL (`persons`, JSON text), since a
 * feature does not import another. Offered only to a role holding `notifications`.
 */

export const SMS_PERMISSION = 'notifications';

/** The `persons` search param of /notifications/sms for a view's query, or for rows chosen one by one. */
export function personsParam(query: ListQuery, ids?: readonly string[]): string {
  const { q, advanceFilter } = toFilterQuery(query) as { q?: string; advanceFilter?: string };
  return JSON.stringify({ query: { q, advanceFilter }, ...(ids ? { ids: ids.map(Number) } : {}) });
}

/** The action in the bulk bar (chosen rows or all matching) and the opener the header's button calls. */
export function usePersonsSms() {
  const navigate = useNavigate();
  return useMemo(() => {
    const open = (persons: string) => navigate({ to: '/notifications/sms', search: { persons } });
    const bulk: BulkAction = {
      id: 'persons.bulk.sms',
      title: 'ارسال پیامک',
      key: 'KeyM',
      permission: SMS_PERMISSION,
      run: async (s: BulkSelection) => {
        if (s.kind === 'rows' && s.ids.length > AUDIENCE_IDS_MAX) {
          toast.info(
            `بیش از ${toPersianDigits(String(AUDIENCE_IDS_MAX))} ردیف برگزیده شده است؛ با فیلتر فهرست، همه موارد منطبق را بفرستید`,
          );
          return null;
        }
        open(s.kind === 'rows' ? personsParam({}, s.ids) : personsParam(s.query));
        return null;
      },
    };
    return { bulk, open };
  }, [navigate]);
}
