import { z } from 'zod';

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
export interface User {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  mobile: string | null;
  email: string | null;
  status: 'active' | 'waiting' | 'deactivated';
}

/** A role: GET /api/user/role/my-roles/ answers `{ data: Role[] }`. `type` super_admin holds everything. */
export interface Role {
  id: number;
  name: string;
  title: string;
  type: 'super_admin' | 'staff';
}

/**
 * GET /api/user/permission/my-role-permission/{role_id}: makes that role the session's current
 * role (the session id is renewed) and answers `{ data: RolePermissions }`.
 */
export interface RolePermissions {
  role: Role;
  /** Client route patterns this role may open, e.g. `/person/legal-persons/view/{id}`. */
  routes: string[];
  /** Permission idents held, with their Persian titles. */
  permissions: { ident: string; title: string }[];
  userReport: {
    legal_persons: number;
    true_persons: number;
    unseen_contacts: number;
    last_login_at: string | null;
  };
}

/** GET /api/settings (public): `{ data: Settings }`. */
export interface Settings {
  app_name: string;
  short_name: string;
  logo: string;
  first_color: string;
  second_color: string;
  fourth_color: string;
}

/** GET /api/user/menu-list: the entries the current role may open, nested by section. */
export interface MenuItem {
  id: number;
  title: string;
  path: string | null;
  icon: string | null;
  children: MenuItem[];
}

/** GET /api/user/keep-alive: badges for the header. */
export interface KeepAlive {
  unseenContacts: { id: number; name: string; subject: string; created_at: string }[];
  unseenContactsCount: number;
  cartables: number;
}
