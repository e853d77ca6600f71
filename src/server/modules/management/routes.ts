import { resetPasswordRoutes } from './reset-password.ts';
import { roleManagementRoutes } from './roles.ts';
import { userRoleRoutes } from './user-roles.ts';
import { userRoutes } from './users.ts';

/** Users (list, approve, activate, deactivate, roles, temporary password), roles and permissions. */
export const managementRoutes = [
  ...userRoutes,
  ...userRoleRoutes,
  ...resetPasswordRoutes,
  ...roleManagementRoutes,
];
