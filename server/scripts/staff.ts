/**
 * npm run staff -- add NAME | reset NAME | remove NAME | list   [--db SQLITE_FILE_OR_POSTGRES_URL] [--password-file F]
 * Staff accounts for the console at /staff. A password is read from standard input (its first line) or from
 * --password-file, never from an argument (arguments show in the process list and the shell's history).
 * `reset` sets a new password, clears the failed sign-ins and ends the account's sessions; `remove` ends them too.
 * Exit codes: 0 done; 1 refused (the reason on standard error).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashPassword, passwordProblem } from '../desk/passwords';
import { staffNameProblem } from '../desk/staffNames';
import { StartupError } from '../startupError';
import { commandDbSpec } from '../store/dbSpec';
import { openStore } from '../store/openStore';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { db: { type: 'string' }, 'password-file': { type: 'string' } },
});

async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readPassword(): Promise<string> {
  const text = values['password-file'] ? readFileSync(values['password-file'], 'utf8') : await readStdinLine();
  const line = text.split(/\r?\n/)[0] ?? '';
  const problem = passwordProblem(line);
  if (problem) throw new StartupError(problem);
  return line;
}

const audit = (store: Awaited<ReturnType<typeof openStore>>['store'], action: string, detail: string) =>
  store.meta().then((meta) =>
    store.desk.audit({
      at: new Date().toISOString(),
      name: '(command line)',
      action,
      detail,
      datasetVersion: meta.version,
    }),
  );

try {
  const [command, name, ...extra] = positionals;
  const needsName = command === 'add' || command === 'reset' || command === 'remove';
  if (!command || !['add', 'reset', 'remove', 'list'].includes(command) || (needsName && !name) || extra.length > 0)
    throw new StartupError('use: npm run staff -- add NAME | reset NAME | remove NAME | list');
  if (needsName) {
    const problem = staffNameProblem(name!);
    if (problem) throw new StartupError(problem);
  }
  const password = command === 'add' || command === 'reset' ? await readPassword() : '';
  const { store, label, readonly } = await openStore(commandDbSpec(values.db));
  try {
    if (readonly && command !== 'list')
      throw new StartupError(`${label} cannot be written here: use the primary database`);
    if (command === 'list') {
      for (const account of await store.desk.accounts()) console.log(`${account.name}\t${account.createdAt}`);
    } else if (command === 'add') {
      if (!(await store.desk.addAccount(name!, await hashPassword(password), new Date().toISOString())))
        throw new StartupError(
          `${name} is already a staff account (reset its password with: npm run staff -- reset ${name})`,
        );
      await audit(store, 'account.add', name!);
      console.log(`added ${name} to ${label}`);
    } else if (command === 'reset') {
      if (!(await store.desk.resetAccount(name!, await hashPassword(password))))
        throw new StartupError(`${name} is not a staff account`);
      await audit(store, 'account.reset', name!);
      console.log(`reset ${name}: a new password, and every session of it ended`);
    } else {
      if (!(await store.desk.removeAccount(name!))) throw new StartupError(`${name} is not a staff account`);
      await audit(store, 'account.remove', name!);
      console.log(`removed ${name} and ended its sessions`);
    }
  } finally {
    store.close();
  }
} catch (error) {
  process.stderr.write(`makan staff: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
