import { createFileRoute } from '@tanstack/react-router';
import { ForgetPasswordScreen } from '~/features/auth/forget-password-screen.tsx';

export const Route = createFileRoute('/auth/forget-password')({ component: ForgetPasswordScreen });
