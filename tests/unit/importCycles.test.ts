/**
 * No two modules of the project import each other in a ring, directly or through others: neither could be
 * understood, tested or loaded alone. Type-only imports are left out (they vanish when compiled). The graph
 * is read with the TypeScript compiler's own parser, relative imports resolved as the bundler and tsx do.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';

const ROOTS = ['domain', 'machines', 'src', 'server', 'tests', 'bench', 'tools'];
const SOURCE = /\.(ts|tsx)$/;

/** The modules (declarations left out: they import nothing at run time). */
const modulesUnder = (dir: string): string[] => sourceFiles(dir).filter((file) => !file.endsWith('.d.ts'));

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

/** The modules a file imports (or re-exports) at run time. */
function runtimeImports(file: string, withTypes = false): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly && !withTypes) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if ((withTypes || !onlyTypes) && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && (withTypes || !statement.isTypeOnly)) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    }
  }
  return found.map((specifier) => resolveImport(file, specifier)).filter((path): path is string => path !== null);
}

/** Every ring of imports, each as the files around it. */
function importCycles(files: string[], withTypes = false): string[][] {
  const graph = new Map(files.map((file) => [file, runtimeImports(file, withTypes)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('form no ring anywhere in the project', () => {
    const files = ROOTS.filter((root) => existsSync(root)).flatMap((root) => modulesUnder(resolve(root)));
    expect(files.length).toBeGreaterThan(100);
    const rings = importCycles(files).map((ring) => ring.map((file) => relative('.', file)).join(' -> '));
    expect(rings).toEqual([]);
  });

  it('form no ring even counting type-only imports: an interface never imports its implementation', () => {
    const files = ROOTS.filter((root) => existsSync(root)).flatMap((root) => modulesUnder(resolve(root)));
    const rings = importCycles(files, true).map((ring) => ring.map((file) => relative('.', file)).join(' -> '));
    expect(rings).toEqual([]);
  });
});
