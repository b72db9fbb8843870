/**
 * Makes sure a system tool the tests need is on this machine: found where it is expected, or, when
 * this process may (root on Debian), installed from Debian's packages with one line saying so; else
 * one clear line saying what to install. One mechanism for every such tool (Chromium, PostgreSQL, ...).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface SystemRequirement {
  /** What the tests need it for, as said to a person: "Chromium for the browser tests". */
  readonly purpose: string;
  /** An environment variable that names it explicitly; when set, it is the only place looked at. */
  readonly envVar?: string;
  /** Where it is looked for when no variable names it: returns its path, or null. */
  readonly find: () => string | null;
  /** Debian packages that provide it. */
  readonly debianPackages: readonly string[];
}

export class ProvisionError extends Error {}

function canInstallFromDebian(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

let aptListsFresh = false;

function apt(args: string[]): void {
  const result = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n');
    throw new ProvisionError(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${tail}`);
  }
}

export function installDebianPackages(packages: readonly string[]): void {
  if (!aptListsFresh) {
    apt(['update', '-qq']);
    aptListsFresh = true;
  }
  apt(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

/** Where the requirement is now, without installing anything; null when it is not there. */
export function locate(requirement: SystemRequirement): string | null {
  const named = requirement.envVar ? process.env[requirement.envVar] : undefined;
  if (named) {
    if (!existsSync(named))
      throw new ProvisionError(`${requirement.envVar}=${named} does not exist (${requirement.purpose})`);
    return named;
  }
  return requirement.find();
}

/** Finds the requirement, installing it from Debian's packages when this process may; throws a one-line ProvisionError otherwise. */
export function ensure(
  requirement: SystemRequirement,
  log: (line: string) => void = (line) => console.log(line),
): string {
  const found = locate(requirement);
  if (found) return found;
  const packages = requirement.debianPackages.join(' ');
  if (!canInstallFromDebian()) {
    throw new ProvisionError(
      `${requirement.purpose} is missing: install Debian's ${packages} (apt-get install ${packages})` +
        (requirement.envVar ? ` or set ${requirement.envVar}` : ''),
    );
  }
  log(`provision: installing Debian's ${packages} (${requirement.purpose}) with apt-get, once per machine`);
  installDebianPackages(requirement.debianPackages);
  const installed = requirement.find();
  if (!installed) throw new ProvisionError(`installed ${packages}, but ${requirement.purpose} is still not found`);
  return installed;
}
