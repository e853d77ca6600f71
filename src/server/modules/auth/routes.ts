import { loginRoutes } from './login.ts';
import { otpRoutes } from './otp-login.ts';
import { passwordRoutes } from './password.ts';
import { roleRoutes } from './roles.ts';
import { signupRoutes } from './signup.ts';

/** Sign-in (password and SMS code), sign-up, passwords, the current user, role selection, sign-out. */
export const authRoutes = [...loginRoutes, ...otpRoutes, ...passwordRoutes, ...signupRoutes, ...roleRoutes];
