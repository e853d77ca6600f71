import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { FOLLOW_REASON_LABELS_FA, type IssueFollowers } from '~/contract/issues.ts';
import { api } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { EMPTY } from '~/ui/format.ts';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';

/**
 * Following an issue, on its view: who follows it (told of its new letters and its due date
 * passing; its creator and assignee always do), and a button (F) to follow it or stop. Calls:
 * GET /api/issues/:id/followers, PUT and DELETE …/follow.
 */

const followersKey = (id: number) => ['issues', 'followers', id];

function useFollowers(id: number) {
  return useQuery({
    queryKey: followersKey(id),
    queryFn: ({ signal }) => api<IssueFollowers>(`/api/issues/${id}/followers`, { signal, quiet: true }),
  });
}

/** The «دنبال‌کنندگان» fact: each follower's name, with why when it is not by choice. */
export function FollowersFact({ id }: { id: number }) {
  const { data } = useFollowers(id);
  const names = data?.followers.map((f) =>
    f.reasons.includes('follows')
      ? f.name
      : `${f.name} (${f.reasons.map((r) => FOLLOW_REASON_LABELS_FA[r]).join('، ')})`,
  );
  return (
    <div>
      <dt>دنبال‌کنندگان</dt>
      <dd className={css({ overflowWrap: 'anywhere' })}>{names?.length ? names.join('، ') : EMPTY}</dd>
    </div>
  );
}

/**
 * «دنبال کردن» / «دنبال نکردن» (F): follows the issue by choice or stops. As its creator or
 * assignee one follows it anyway: the button then says so and is off.
 */
export function FollowButton({ id, enabled }: { id: number; enabled: boolean }) {
  const client = useQueryClient();
  const { data } = useFollowers(id);
  const toggle = useMutation({
    mutationFn: (follow: boolean) =>
      api<IssueFollowers>(`/api/issues/${id}/follow`, { method: follow ? 'PUT' : 'DELETE', quiet: true }),
    onSuccess: (next) => {
      client.setQueryData(followersKey(id), next);
      toast.positive(
        next.following_by_choice ? 'این موضوع را دنبال می‌کنید' : 'دیگر این موضوع را دنبال نمی‌کنید',
      );
    },
    onError: (e) => toast.negative(e.message),
  });
  const always = !!data && data.following && !data.following_by_choice;
  const run = () => {
    if (data && !always && !toggle.isPending) toggle.mutate(!data.following_by_choice);
  };
  useShortcuts({ KeyF: run }, enabled && !!data && !always);
  if (!data) return null;
  return (
    <Button
      tone="secondary"
      shortcut={always ? undefined : 'KeyF'}
      disabled={always || toggle.isPending}
      title={always ? 'ثبت‌کننده و مسئول موضوع همیشه آن را دنبال می‌کنند' : undefined}
      onClick={run}
    >
      {always ? 'دنبال می‌کنید' : data.following_by_choice ? 'دنبال نکردن' : 'دنبال کردن'}
    </Button>
  );
}
