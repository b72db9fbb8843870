import { resolve } from 'node:path';

/** Where the browser suites build the client: their own folder, so a running `npm start` keeps its dist/. */
export const TEST_CLIENT_DIR = resolve('.test-build/client');

/** Where the tests build the server that their server processes run (tools/build/serverBuild.ts). */
export const TEST_SERVER_DIR = resolve('.test-build/server');
