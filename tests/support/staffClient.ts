/**
 * A browser's share of the staff's API, for tests: every cookie the server sets is kept and sent back (the
 * session's among them), and the XSRF token is echoed on writes like the app does.
 */
import { spawn } from 'node:child_process';
import { builtScript } from './serverProcess';

export class CookieClient {
  readonly cookies = new Map<string, string>();
  /** The last Set-Cookie lines, as sent (attributes included). */
  lastSetCookies: string[] = [];

  constructor(
    private readonly baseUrl: string,
    /** Sent with every request (a proxy's X-Forwarded-For naming the client, say). */
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(path: string, init: RequestInit = {}, options: { sendXsrf?: boolean } = {}): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN') && init.method && init.method !== 'GET') await this.request('/api/types');
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) });
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const token = this.cookies.get('XSRF-TOKEN');
    if (token && (options.sendXsrf ?? true) && init.method && init.method !== 'GET') headers.set('x-xsrf-token', token);
    const response = await fetch(this.baseUrl + path, { ...init, headers });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  json(path: string, body: unknown, method = 'POST', options: { sendXsrf?: boolean } = {}): Promise<Response> {
    return this.request(
      path,
      { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      options,
    );
  }

  signIn(name: string, password: string): Promise<Response> {
    return this.json('/api/staff/session', { name, password });
  }

  /** Sends a file's bytes as the console does. */
  upload(fileName: string, body: BodyInit, query = '', headers: Record<string, string> = {}): Promise<Response> {
    return this.request(`/api/staff/uploads?name=${encodeURIComponent(fileName)}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body,
      ...({ duplex: 'half' } as object),
    });
  }
}

/**
 * What `npm run staff -- ARGS` runs, the password on standard input, from the run's server build (as the suites run
 * the server; the README's command itself is run as written in tests/api/readmeCommands.test.ts); resolves with its
 * exit code and output.
 */
export function runStaffCommand(
  args: string[],
  stdin: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtScript('staff'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
