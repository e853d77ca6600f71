import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '~/features/auth/change-password-screen.tsx';

export const Route = createFileRoute('/auth/change-password')({ component: ChangePasswordScreen });
