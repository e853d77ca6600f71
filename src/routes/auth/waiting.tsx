import { createFileRoute } from '@tanstack/react-router';
import { WaitingScreen } from '~/features/auth/waiting-screen.tsx';

export const Route = createFileRoute('/auth/waiting')({ component: WaitingScreen });
