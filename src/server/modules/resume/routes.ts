import { documentRoutes } from './documents.ts';
import { managementRoutes } from './management.ts';
import { staffRoutes } from './staff.ts';
import { stepRoutes } from './steps.ts';
import { verificationRoutes } from './verification.ts';

/**
 * Resumes (contract/resume.ts): guest verification and the applicant's own resume (guest
 * session), the staff list, view and review (`resumes`) and the managed questions and
 * provisions (`resumes.manage`).
 */
export const resumeRoutes = [
  ...verificationRoutes,
  ...stepRoutes,
  ...documentRoutes,
  ...staffRoutes,
  ...managementRoutes,
];
