import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/** The logs: sign-in attempts, blocked addresses, SMS messages sent (shared list query). */

export interface LoginLogRow {
  id: number;
  at: string;
  username: string | null;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  /** password | otp */
  method: string;
  success: boolean;
  reason: string | null;
}

export interface BlockedIpRow {
  id: number;
  ip: string;
  reason: string;
  blocked_at: string;
  blocked_until: string;
  unblocked_at: string | null;
  unblocked_by: number | null;
  /** The block is in force now. */
  active: boolean;
}

export interface SmsLogRow {
  id: number;
  at: string;
  mobile: string;
  body: string;
  purpose: string;
  provider: string;
  /** sent | failed */
  status: string;
  /** A queued message's attempt (1, 2 …), its job and the provider's error; null when sent at once. */
  attempt: number | null;
  job_id: string | null;
  error: string | null;
}

export const logKeys = {
  users: ['logs', 'users'] as const,
  blocked: ['logs', 'blocked-ips'] as const,
  sms: ['logs', 'sms'] as const,
};

const page =
  <T>(path: string) =>
  (params: ListParams, signal: AbortSignal) =>
    api<ListPage<T>>(path, { query: toRequestQuery(params), signal, quiet: true });

export const fetchLoginLog = page<LoginLogRow>('/api/logs/users');
export const fetchBlockedIps = page<BlockedIpRow>('/api/logs/blocked-ips');
export const fetchSmsLog = page<SmsLogRow>('/api/logs/sms');

/** POST /api/logs/blocked-ips/:id/unblock: lifts a block (and the address's failure counter). */
export const unblockIp = (id: number) =>
  api<{ id: number; unblocked_at: string }>(`/api/logs/blocked-ips/${id}/unblock`, { method: 'POST' });
