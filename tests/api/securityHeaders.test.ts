/**
 * The response headers of the public page, the staff console and the API, checked against a strict policy
 * (ASVS 5.0 V3.4): a content security policy that runs no inline script and no other origin's, no framing by
 * other sites, no referrer sent away, and browser features limited to what the app uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, runStaffCommand } from '../support/staffClient';
import { startTestServer, type TestServer } from '../support/testServer';

/** A policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ points: 400, withClient: true });
  });
  afterAll(() => server.stop());

  it.each(['/', '/Centers', '/staff', '/api/types', '/reports/AAAAAAAAAAAAAAAAAAAAAA'])(
    'V3.4 %s carries a strict policy',
    async (path) => {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).toBeLessThan(500);
      const csp = directives(response.headers.get('content-security-policy') ?? '');
      const scripts = csp.get('script-src') ?? csp.get('default-src')!;
      expect(scripts).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const permissions = response.headers.get('permissions-policy') ?? '';
      expect(permissions).toContain('geolocation=(self)');
      for (const feature of ['camera', 'microphone', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    },
  );

  it("V3.3 the XSRF token comes with a visitor's own answers, never with one a cache keeps for everyone", async () => {
    const token = /^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Strict$/;
    // A first visit, no cookie yet: the page, the staff console and an API answer each give one.
    for (const path of ['/', '/Centers', '/staff', '/api/types']) {
      expect((await fetch(`${server.baseUrl}${path}`)).headers.get('set-cookie'), path).toMatch(token);
    }
    // A hashed file of the app is the same for every visitor (public, immutable): a cache in front keeps it, and
    // must not hand one visitor's token to the next.
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const script = /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${server.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('set-cookie')).toBeNull();
  });

  it('V3.4 the pages hold no inline script the policy would have to allow', async () => {
    for (const path of ['/', '/staff']) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      // Scripts come from files; the JSON the page hands the app is data the browser never runs.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(inline.every((attributes) => /type="application\/(json|ld\+json)"/.test(attributes))).toBe(true);
    }
  });

  it('V14.3 what staff read is never kept by a cache', async () => {
    const run = await runStaffCommand(['add', 'keeper', '--db', server.dbFile], 'a long enough passphrase\n');
    expect(run.code, run.stderr).toBe(0);
    const staff = new CookieClient(server.baseUrl);
    expect((await staff.signIn('keeper', 'a long enough passphrase')).status).toBe(204);
    const reports = await staff.request('/api/staff/reports');
    expect(reports.status).toBe(200);
    expect(reports.headers.get('cache-control')).toBe('no-store');
  });
});
