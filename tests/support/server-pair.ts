import { admin, ServerProcess } from './server-process.ts';
import { withDatabase } from './template-db.ts';

/**
 * Two real server processes (tests/support/server-process.ts) on ONE fresh PostgreSQL database
 * beside DATABASE_URL's (`<db>_<suffix>`), on two loopback ports, each with a DATA_DIR of its own,
 * so nothing reaches the other through the local disk: what one stores, the other can only find
 * in the database. `a` starts first (it migrates and seeds), then `b` on the same data.
 * PostgreSQL only (PGlite is one process by design); throws without DATABASE_URL.
 */
export class ServerPair {
  private constructor(
    readonly a: ServerProcess,
    readonly b: ServerProcess,
    private readonly databaseName: string,
  ) {}

  static async create(suffix: string, env: NodeJS.ProcessEnv = {}): Promise<ServerPair> {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('ServerPair needs DATABASE_URL (PostgreSQL)');
    const name = `${new URL(url).pathname.slice(1)}_${suffix}`;
    await admin(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(url, `CREATE DATABASE "${name}"`);
    const databaseUrl = withDatabase(url, name);
    const a = await ServerProcess.create(`${suffix}-a`, { databaseUrl, env });
    const b = await ServerProcess.create(`${suffix}-b`, { databaseUrl, env });
    return new ServerPair(a, b, name);
  }

  /** Starts `a`, then `b`. */
  async start(): Promise<void> {
    await this.a.start();
    await this.b.start();
  }

  /** Stops both processes, removes their data directories and drops the database. */
  async dispose(): Promise<void> {
    await Promise.all([this.a.dispose(), this.b.dispose()]);
    await admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`);
  }
}
