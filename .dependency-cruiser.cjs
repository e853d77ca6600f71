/**
 * The import boundaries of src/, checked by `npm test` (scripts/test.mjs, stage "boundaries") and
 * by `npm run boundaries`. Why each rule: ARCHITECTURE.md, "Boundaries".
 * @type {import('dependency-cruiser').IConfiguration}
 */
const CLIENT = '^src/(app|routes|features|ui|lib|machines)/';

module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment:
        'A feature never imports another feature: shared parts live in src/ui or src/lib, and features meet through registries (record sections, palette actions) listed in src/app/features.ts.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-to-feature',
      comment: 'ui, lib and machines are below every feature: they import none.',
      severity: 'error',
      from: { path: '^src/(ui|lib|machines)/' },
      to: { path: '^src/(features|routes|app)/' },
    },
    {
      name: 'domain-pure',
      comment:
        'domain holds the business rules: pure code that imports nothing of the project above it (not even the contract).',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'contract-below-both',
      comment: 'The contract is shared by client and server: it imports only itself and the domain.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/(contract|domain)/' },
    },
    {
      name: 'client-to-server',
      comment: 'The client never imports the server (it would ship server code and secrets to the browser).',
      severity: 'error',
      from: { path: CLIENT },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-to-client',
      comment: 'The server never imports the client: they share only src/contract and src/domain.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: CLIENT },
    },
    {
      name: 'no-cycle',
      comment: 'No import cycles: a cycle makes load order matter and the parts impossible to take apart.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^src/routeTree\\.gen\\.ts$|^src/server/db/migrations/|\\.test\\.tsx?$)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
