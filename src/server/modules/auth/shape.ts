import type { Role, User } from '../../../contract/auth.ts';
import type { roles, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../http/route.ts';

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'mobile' | 'email' | 'status'
>;

/** A user row (or the session's user) as the API answers it (contract `User`, snake_case). */
export function toUser(u: UserRow | SessionUser): User {
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    mobile: u.mobile,
    email: u.email,
    status: u.status as User['status'],
  };
}

/** A role row as the API answers it (contract `Role`). */
export function toRole(r: Pick<typeof roles.$inferSelect, 'id' | 'name' | 'title' | 'type'>): Role {
  return { id: r.id, name: r.name, title: r.title, type: r.type === 'super_admin' ? 'super_admin' : 'staff' };
}
