import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '~/features/auth/signup-screen.tsx';

export const Route = createFileRoute('/auth/signup')({ component: SignupScreen });
