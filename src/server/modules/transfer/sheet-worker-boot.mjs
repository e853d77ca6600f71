// The entry of the sheet worker thread (sheet-worker-host.ts). Node 20 cannot start a worker from a
// .ts file, and `--import tsx` in a worker's execArgv does not reach its entry module, so this
// plain module loads the TypeScript body through tsx's documented API (tsx/esm/api tsImport),
// the same loader `npm start` and `npm run serve` run the server with.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheet-worker.ts', import.meta.url);
