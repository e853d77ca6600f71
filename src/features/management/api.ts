import { queryOptions } from '@tanstack/react-query';
import type { Role, User } from '~/contract/auth.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/** The management calls: users, their roles, roles and their permissions. */

export type UserStatus = 'active' | 'waiting' | 'deactivated';

/** A row of GET /api/management/users. */
export interface ManagedUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  mobile: string | null;
  email: string | null;
  national_code: string | null;
  status: UserStatus;
  has_change_pass: boolean;
  created_at: string;
  last_login_at: string | null;
  roles: { id: number; title: string }[];
}

/** A row of GET /api/management/roles (with counts). */
export interface RoleSummary extends Role {
  users: number;
  permissions: number;
}

export interface PermissionItem {
  id: number;
  ident: string;
  title: string;
  /** The ident's area (`person`, `management` ...). */
  group: string;
}

export interface UserRoles {
  user: User;
  role_ids: number[];
  roles: Role[];
}

export interface RolePermissionSet {
  role: Role;
  permission_ids: number[];
  permissions: PermissionItem[];
}

export const managementKeys = {
  users: ['management', 'users'] as const,
  userRoles: (id: number) => ['management', 'users', 'roles', id] as const,
  roles: ['management', 'roles'] as const,
  rolePermissions: (id: number) => ['management', 'roles', 'permissions', id] as const,
};

/** GET /api/management/users: a page of staff accounts (`q`, `status` as plain parameters). */
export function fetchUsers(params: ListParams, signal: AbortSignal) {
  return api<ListPage<ManagedUser>>('/api/management/users', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

export const approveUser = (id: number) =>
  api<{ id: number; status: UserStatus }>(`/api/management/users/${id}/approve`, { method: 'POST' });
export const deactivateUser = (id: number) =>
  api<{ id: number; status: UserStatus }>(`/api/management/users/${id}/deactivate`, { method: 'POST' });
export const activateUser = (id: number) =>
  api<{ id: number; status: UserStatus }>(`/api/management/users/${id}/activate`, { method: 'POST' });

/** POST /api/user/reset-password/:uid: a temporary password, answered as a text file to hand over. */
export const resetPassword = (id: number) =>
  api<Blob>(`/api/user/reset-password/${id}`, { method: 'POST', responseType: 'blob' });

export const userRolesQuery = (id: number) =>
  queryOptions({
    queryKey: managementKeys.userRoles(id),
    queryFn: ({ signal }) => api<UserRoles>(`/api/management/users/${id}/roles`, { signal, quiet: true }),
  });

export const saveUserRoles = (id: number, roleIds: number[]) =>
  api<{ role_ids: number[] }>(`/api/management/users/${id}/roles`, {
    method: 'POST',
    body: { role_ids: roleIds },
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: managementKeys.roles,
    queryFn: ({ signal }) => api<RoleSummary[]>('/api/management/roles', { signal, quiet: true }),
  });

/** POST /api/management/roles: `{ name, title }` → the new role; 422 with per-field messages. */
export const createRole = (input: { name: string; title: string }) =>
  api<Role>('/api/management/roles', { method: 'POST', body: input, quiet: true });

export const rolePermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: managementKeys.rolePermissions(id),
    queryFn: ({ signal }) =>
      api<RolePermissionSet>(`/api/management/roles/${id}/permissions`, { signal, quiet: true }),
  });

export const saveRolePermissions = (id: number, permissionIds: number[]) =>
  api<{ permission_ids: number[] }>(`/api/management/roles/${id}/permissions`, {
    method: 'PUT',
    body: { permission_ids: permissionIds },
  });

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
