import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '~/features/auth/login-screen.tsx';

/** The target of the error catalogue's 401 redirect: the same sign-in card as /auth/login. */
export const Route = createFileRoute('/login')({ component: LoginScreen });
