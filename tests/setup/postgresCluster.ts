/**
 * Global set-up of the API suites: PostgreSQL + PostGIS is there (installed from Debian's packages when
 * this machine may) and one throwaway cluster runs for the whole run; every test server makes its own
 * database in it. Nothing is skipped: without PostgreSQL the run stops with what to install.
 */
import type { TestProject } from 'vitest/node';
import { ensure } from '../../tools/provision/provision';
import { POSTGRES } from '../../tools/provision/requirements';
import { startCluster } from '../../tools/postgres/cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the cluster's maintenance database (tests create their own databases from it). */
    pgAdminUrl: string;
    pgBinDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const binDir = ensure(POSTGRES);
  const cluster = await startCluster(binDir);
  project.provide('pgAdminUrl', cluster.url('postgres'));
  project.provide('pgBinDir', binDir);
  return () => cluster.stop();
}
