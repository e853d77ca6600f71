import { z } from 'zod';
import { id, int, isoTime } from './api-envelope.ts';
import { notificationRow } from './notifications.ts';

/**
 * The sign-in, session and role calls, shared by the server (validation) and the client
 * (forms, machines). Every answer is wrapped as `{ data: ... }`; errors as
 * `{ message, errors?: { field: [Persian message] }, has_change_pass?, blocked? }`.
 */

const username = z
  .string()
  .trim()
  .min(3, 'نام کاربری دست‌کم ۳ نویسه است')
  .max(64, 'نام کاربری بیش از ۶۴ نویسه نباشد');
const password = z.string().min(1, 'گذرواژه را وارد کنید').max(256, 'گذرواژه بیش از ۲۵۶ نویسه نباشد');
/** A new password: 8..256 characters with a letter and a digit. */
export const newPassword = z
  .string()
  .min(8, 'گذرواژه دست‌کم ۸ نویسه است')
  .max(256, 'گذرواژه بیش از ۲۵۶ نویسه نباشد')
  .regex(/\p{L}/u, 'گذرواژه باید حرف داشته باشد')
  .regex(/[0-9۰-۹]/, 'گذرواژه باید رقم داشته باشد');
/** Mobile: 09xxxxxxxxx; Persian/Arabic digits are accepted and converted by the server. */
export const mobile = z.string().trim().min(1, 'شماره همراه را وارد کنید').max(20, 'شماره همراه نامعتبر است');
/** A six-digit one-time code (Persian or ASCII digits). */
export const otpCode = z.string().trim().min(4, 'کد را کامل وارد کنید').max(12, 'کد نامعتبر است');

/** POST /api/login (form body). 200 → `{ data: { user, has_change_pass } }`; 422 wrong credentials; 429 throttled (Retry-After); 403 blocked address. */
export const loginInput = z.object({ username, password });
export type LoginInput = z.infer<typeof loginInput>;

/** POST /api/login/send-otp → `{ data: { sent: true, expires_in: seconds } }` (the code goes by SMS to the account's mobile). */
export const sendOtpInput = z.object({ mobile });
/** POST /api/login/otp → as /api/login. */
export const otpLoginInput = z.object({ mobile, code: otpCode });

/** POST /api/user/forget-password → sends a code; POST /api/user/forget-password/reset sets the new password. */
export const forgetPasswordInput = z.object({ mobile });
export const resetPasswordInput = z
  .object({ mobile, code: otpCode, password: newPassword, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'تکرار گذرواژه با آن یکسان نیست',
  });

/** POST /api/user/change-password (allowed while has_change_pass is set). */
export const changePasswordInput = z
  .object({ current_password: password, password: newPassword, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'تکرار گذرواژه با آن یکسان نیست',
  });

/** POST /api/signup?crf_pid=3 (form body) → `{ data: { status: 'waiting' } }`; the account waits for an admin's approval. */
export const signupInput = z.object({
  username,
  password: newPassword,
  first_name: z.string().trim().min(1, 'نام را وارد کنید').max(100),
  last_name: z.string().trim().min(1, 'نام خانوادگی را وارد کنید').max(100),
  mobile,
  national_code: z.string().trim().min(1, 'کد ملی را وارد کنید').max(20),
});

/** The signed-in user as GET /api/user answers it: `{ data: { user: User, has_change_pass } }`. */
export const user = z
  .object({
    id,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(['active', 'waiting', 'deactivated']),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

/** A role: GET /api/user/role/my-roles/ answers `{ data: Role[] }`. `type` super_admin holds everything. */
export const role = z
  .object({ id, name: z.string(), title: z.string(), type: z.enum(['super_admin', 'staff']) })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof role>;

/** POST /api/login and /api/login/otp: the signed-in user and whether a password change is due. */
export const signInAnswer = z.object({ user, has_change_pass: z.boolean() });
export type SignInAnswer = z.infer<typeof signInAnswer>;

/** GET /api/user: as a sign-in answers, with the session's role (null until one is chosen). */
export const currentUserAnswer = signInAnswer.extend({ role: role.nullable() });

/** POST /api/login/send-otp and /api/user/forget-password: a code went out (or would have), valid `expires_in` seconds. */
export const codeSentAnswer = z.object({ sent: z.literal(true), expires_in: int });

/** GET /api/logout. */
export const signedOutAnswer = z.object({ signed_out: z.literal(true) });
/** POST /api/user/forget-password/reset. */
export const passwordResetAnswer = z.object({ reset: z.literal(true) });
/** POST /api/user/change-password. */
export const passwordChangedAnswer = z.object({ has_change_pass: z.literal(false) });
/** POST /api/signup: the account waits for an admin's approval. */
export const signupAnswer = z.object({ status: z.literal('waiting') });

/**
 * GET /api/user/permission/my-role-permission/{role_id}: makes that role the session's current
 * role (the session id is renewed) and answers `{ data: RolePermissions }`.
 */
export const rolePermissions = z.object({
  role,
  /** Client route patterns this role may open, e.g. `/person/legal-persons/view/{id}`. */
  routes: z.array(z.string()),
  /** Permission idents held, with their Persian titles. */
  permissions: z.array(z.object({ ident: z.string(), title: z.string() })),
  userReport: z.object({
    legal_persons: int,
    true_persons: int,
    unseen_contacts: int,
    last_login_at: isoTime.nullable(),
  }),
});
export type RolePermissions = z.infer<typeof rolePermissions>;

/** GET /api/settings (public): `{ data: Settings }`. */
export const settingsAnswer = z.object({
  app_name: z.string(),
  short_name: z.string(),
  logo: z.string(),
  first_color: z.string(),
  second_color: z.string(),
  fourth_color: z.string(),
});
export type Settings = z.infer<typeof settingsAnswer>;

/** One settings row (GET /api/settings-list; the answer of adding or changing one). */
export const setting = z.object({ id, key: z.string(), value: z.string(), title: z.string() });

/** GET /api/user/menu-list: the entries the current role may open, nested by section. */
export const menuItem = z
  .object({
    id,
    title: z.string(),
    path: z.string().nullable(),
    icon: z.string().nullable(),
    get children(): z.ZodArray<typeof menuItem> {
      return z.array(menuItem);
    },
  })
  .meta({ id: 'MenuItem' });
export type MenuItem = z.infer<typeof menuItem>;

/**
 * GET /api/user/keep-alive: badges for the header. `cartables`: the open issues assigned to the
 * caller that they have not opened since; `unseenNotifications`: the newest unseen in-app
 * notifications (at most 50; the count covers all of them).
 */
export const keepAliveAnswer = z.object({
  unseenContacts: z.array(z.object({ id, name: z.string(), subject: z.string(), created_at: isoTime })),
  unseenContactsCount: int,
  cartables: int,
  unseenNotifications: z.array(notificationRow.omit({ seen_at: true })),
  unseenNotificationsCount: int,
});
export type KeepAlive = z.infer<typeof keepAliveAnswer>;

/** POST /api/user/contacts/{id}/seen (0 or 1) and /api/user/contacts/seen-all: how many messages became seen. */
export const seenAnswer = z.object({ seen: int });
