import { JOB_STATES, type JobState } from '~/contract/jobs.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The job states and kinds in Persian, and the job list's filters and URL schema. */

export const STATE_LABELS: Record<JobState, string> = {
  created: 'در صف',
  retry: 'در انتظار تلاش دوباره',
  active: 'در حال اجرا',
  completed: 'انجام شد',
  cancelled: 'لغو شد',
  failed: 'ناموفق',
};

export const KIND_LABELS: Record<string, string> = {
  'sms.send': 'ارسال پیامک',
  notify: 'اعلان',
};

export const jobFilters: readonly FilterDef[] = [
  {
    key: 'state',
    kind: 'enum',
    label: 'وضعیت',
    options: JOB_STATES.map((value) => ({ value, label: STATE_LABELS[value] })),
  },
  {
    key: 'name',
    kind: 'enum',
    label: 'نوع',
    options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
  },
];
export const jobsSearch = listSearchSchema(jobFilters);
