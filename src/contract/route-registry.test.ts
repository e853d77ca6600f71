import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPathPermitted, isPublicPath, matchPattern, SCREENS, screenFor } from './route-registry.ts';

/** Every screen path the specification (§2) names, parameters in braces. */
const SPEC_PATHS = `
/ /gpt /auth/login /auth/signup /auth/select-role /auth/change-password /auth/forget-password /auth/waiting /login
/person/legal-persons /person/legal-persons/create /person/legal-persons/update/{id} /person/legal-persons/view/{id}
/person/legal-persons/status/{id} /person/legal-persons/create-form/{id} /person/legal-persons/product-reports/{id}
/person/legal-persons/production-capacity/{id} /person/legal-persons/codal-infos
/person/legal-persons/{lid}/monthly-performance-report/list /person/legal-persons/mom/list
/person/legal-person-branch/create/{lid} /person/legal-person-branch/update/{lid}/{id}
/person/true-persons /person/true-persons/create /person/true-persons/update/{id} /person/true-persons/view/{id}
/person/legal-person-board/create /person/legal-person-board/update/{lid}/{id} /person/legal-person-board/list
/person/all-legal-persons /person/all-persons /person/shareholder/{legalId} /person/corporate-structure-modification
/person/legal-persons/graph/{id} /person/legal-persons/shareholder-graph/{id}
/contract /contract/view/{id} /circular/list /circular/create /circular/update/{id} /circular/view/{id}
/contacts /contact/create /asset-list /asset-list/view/{id} /label-list /boards
/industries /industries/status/{id} /industries/graph/{id}
/performance /performance/items /performance/view/{id} /performance/evaluation /performance/evaluation/rating
/performance/product-reports /performance/corporate-governance /performance/transparency /performance/ecomomic-strength
/performance/evaluation-managers /performance/financial-statement/list /performance/financial-statement/view/{id}
/performance/financial-statements-entry-state/list /performance/statistics /performance/formulas/list
/performance/measures/list /performance/audit-report /performance/production-capacity
/management/users/create /management/users/list /management/users/detail/{id} /management/users/user-roles/{id}
/management/roles /management/permissions /management/role/role-permissions/{id} /management/settings
/management/pages/list /management/document-types/list /management/cities /management/versions/list
/management/versions/history /management/jobs /management/helps/list
/management/routes-permissions/list /management/routes-permissions/create /management/routes-permissions/update/{id}
/projects/create /projects/update/{id} /projects/list /dashboard/web-data-rock /profile /update-job /eshteghal
/documents/letter-section /documents/rulse /documents/approvals /documents/economic-policies
/issues/legal-person /issues/{object_type}/{object_id} /issues/view/{id}
/assemblies /assemblies/legal-person/{lid} /assemblies/view/{id} /assemblies/general/list
/logs/users /logs/blocked-ips /logs/sms /notifications/sms
/workflow/workflow-designer/{pid} /workflow/action-target/{rid} /workflow/view-graph/{id}
/workflow/request/view-graph/{id} /workflow/request/{value} /workflow/request/all /workflow/process/list
/workflow/process/{id}/notification-schemas/list /workflow/validation/list /workflow/models/list /workflow/state/{id}
/workflow/report/list /workflow/report/label/{id} /workflow/transition/{id} /workflow/report/request/{type}
/exportation/goods-and-services/legal-person/list/{lid} /exportation/goods-and-services/legal-person/view/{id}
/resume/add /resume/list /resume/print /resume/print/ViewResume/{ncode} /status-print/{id} /status-print-form/{id}
/webinar /aboutus /help /exiting-the-business/{id}
`
  .split(/\s+/)
  .filter(Boolean);

/** The specification's public paths, both readings. */
const SPEC_PUBLIC =
  `/boards /auth/login /auth/signup /auth/select-role /auth/change-password /auth/forget-password
/auth/waiting /resume/add /resume/print /webinar /aboutus /help /dashboard/web-data-rock /`.split(/\s+/);

const routesDir = join(import.meta.dirname, '..', 'routes');

/** Registry path of a route file: `person/legal-persons/view/$id.tsx` → `/person/legal-persons/view/{id}`. */
function routeFilePaths(dir = routesDir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('-')) out.push(...routeFilePaths(full));
      continue;
    }
    if (!/\.tsx?$/.test(entry.name) || entry.name.startsWith('__') || entry.name.startsWith('-')) continue;
    const rel = relative(routesDir, full).replace(/\.tsx?$/, '');
    const path = `/${rel}`
      .replace(/\/index$/, '')
      .replace(/\/route$/, '')
      .replace(/\$(\w+)/g, '{$1}')
      .replace(/\/_[^/]+/g, '');
    out.push(path === '' ? '/' : path);
  }
  return out;
}

describe('route registry', () => {
  it('accounts for every path of the specification exactly once', () => {
    const registered = SCREENS.map((s) => s.path);
    for (const path of SPEC_PATHS) expect(registered, path).toContain(path);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('treats the union of both readings as public, and /pdf/* as skipping the guard', () => {
    for (const path of SPEC_PUBLIC) expect(isPublicPath(path), path).toBe(true);
    expect(isPublicPath('/pdf/anything/7')).toBe(true);
    expect(isPublicPath('/person/legal-persons')).toBe(false);
  });

  it('has a route file for every built screen and registers every route file', () => {
    const files = routeFilePaths();
    for (const s of SCREENS.filter((x) => x.status === 'built')) expect(files, s.path).toContain(s.path);
    for (const f of files) expect(screenFor(f.replace(/\{(\w+)\}/g, '1')), f).toBeDefined();
    expect(existsSync(routesDir)).toBe(true);
  });

  it('permits a path that matches a permitted pattern after parameters are substituted', () => {
    expect(matchPattern('/person/legal-persons/view/{id}', '/person/legal-persons/view/42')).toEqual({
      id: '42',
    });
    expect(isPathPermitted('/person/legal-persons/view/42', ['/person/legal-persons/view/{id}'])).toBe(true);
    expect(isPathPermitted('/person/legal-persons/view/42/x', ['/person/legal-persons/view/{id}'])).toBe(
      false,
    );
    expect(isPathPermitted('/person/true-persons', ['/person/legal-persons'])).toBe(false);
  });
});
