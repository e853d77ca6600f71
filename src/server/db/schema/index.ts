export * from './auth.ts';
export * from './company-reports.ts';
export * from './geo.ts';
export * from './governance.ts';
export * from './logs.ts';
export * from './persons.ts';
export * from './registry.ts';
export * from './resumes.ts';
