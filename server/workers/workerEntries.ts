/**
 * The worker threads' modules, by name. From source (tsx, or a test runner) they are the `.ts` files beside this one,
 * loaded through bootstrap.mjs; in the built server (tools/build/serverBuild.ts) every module is bundled into one
 * folder, this one with them, so the same name is the `.js` file beside the bundle, which Node loads as it is.
 */
export const WORKER_ENTRIES = ['indexWorker', 'importWorker', 'pageCheckWorker'] as const;
export type WorkerEntry = (typeof WORKER_ENTRIES)[number];

/** Whether this code runs from its TypeScript source rather than from the build. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

export const workerEntry = (name: WorkerEntry): URL =>
  new URL(`./${name}.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url);
