/**
 * A Fastify hook run for every request that waits on nothing calls `done` rather than being `async`
 * (server/http/apiConventions.ts says why: a promise and a microtask turn per answer, watched by the version
 * guard's AsyncLocalStorage, a few per cent of a map tile's server CPU). Read with the TypeScript compiler's
 * parser: an async hook must await something.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';

/** The hooks Fastify runs for each request (not onRoute, onClose, ... which run once). */
const PER_REQUEST = new Set([
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onTimeout',
  'onError',
  'onRequestAbort',
]);

function awaitsSomething(body: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    // An await inside a function of its own is that function's, not the hook's.
    if (node !== body && ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** `file:line hookName` of every per-request hook written `async` that awaits nothing. */
function asyncHooksThatWaitOnNothing(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'addHook'
    ) {
      const [name, hook] = node.arguments;
      if (
        name &&
        ts.isStringLiteral(name) &&
        PER_REQUEST.has(name.text) &&
        hook &&
        (ts.isArrowFunction(hook) || ts.isFunctionExpression(hook)) &&
        hook.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) &&
        !awaitsSomething(hook.body)
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${fileName}:${line + 1} ${name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the server's per-request hooks", () => {
  it('are async only where they wait on something', () => {
    const found = sourceFiles('server').flatMap((file) =>
      asyncHooksThatWaitOnNothing(file, readFileSync(file, 'utf8')),
    );
    expect(found, 'write these as (request, reply, done) hooks').toEqual([]);
  });

  it('tells such a hook from one that waits, and from hooks run once', () => {
    const text = [
      "app.addHook('onSend', async (request, reply, payload) => { reply.header('a', 'b'); return payload; });",
      "app.addHook('onRequest', async (request) => { await sessions.of(request); });",
      "app.addHook('preHandler', async (request) => { const later = async () => { await x(); }; later(); });",
      "app.addHook('onClose', async () => { close(); });",
      "app.addHook('onRequest', (request, reply, done) => { done(); });",
    ].join('\n');
    expect(asyncHooksThatWaitOnNothing('sample.ts', text)).toEqual(['sample.ts:1 onSend', 'sample.ts:3 preHandler']);
  });
});
