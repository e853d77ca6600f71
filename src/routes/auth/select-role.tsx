import { createFileRoute } from '@tanstack/react-router';
import { SelectRoleScreen } from '~/features/auth/select-role-screen.tsx';

export const Route = createFileRoute('/auth/select-role')({ component: SelectRoleScreen });
