/**
 * `npm ci` installs exactly the lock, and refuses when package.json no longer resolves to it. A dependency
 * asked for by a moving tag ("latest") resolves anew at every install, so the next release of that package
 * breaks `npm ci` on a fresh clone with nothing changed here. Every such edge must be pinned by `overrides`.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { overrides?: Record<string, string> };

/** A version range, or a spec that names its source (alias, file, git, URL): everything but a dist-tag. */
const isFixedSpec = (spec: string) =>
  semver.validRange(spec) !== null ||
  /^(npm:|file:|link:|git(\+[a-z]+)?:|https?:|github:|workspace:)/.test(spec) ||
  spec.includes('/');

/** Every dependency edge in the lock asked for by a tag that no override pins: `where -> name@tag`. */
function unpinnedTags(): string[] {
  const overrides = manifest.overrides ?? {};
  const found: string[] = [];
  for (const [where, pkg] of Object.entries(lock.packages)) {
    for (const deps of [pkg.dependencies, pkg.optionalDependencies, pkg.peerDependencies]) {
      for (const [name, spec] of Object.entries(deps ?? {})) {
        if (isFixedSpec(spec)) continue;
        const pinned = overrides[name];
        if (pinned === undefined || semver.valid(pinned) === null)
          found.push(`${where || '(root)'} -> ${name}@${spec}`);
      }
    }
  }
  return found;
}

describe('the lock file', () => {
  it('resolves no dependency from a moving tag that an override does not pin to one version', () => {
    expect(unpinnedTags()).toEqual([]);
  });

  it('holds each override at the version it pins', () => {
    for (const [name, version] of Object.entries(manifest.overrides ?? {})) {
      const copies = Object.entries(lock.packages).filter(
        ([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`),
      );
      expect(copies.length, `${name} is in the lock`).toBeGreaterThan(0);
      for (const [path, copy] of copies) expect((copy as { version?: string }).version, path).toBe(version);
    }
  });
});
