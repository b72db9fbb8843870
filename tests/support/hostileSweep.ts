/**
 * Hostile requests for every operation an OpenAPI description gives: each parameter in turn set to values a
 * careless or hostile client sends (numbers out of range or not numbers, digits in other scripts, encodings that
 * are not UTF-8, control and direction characters, paths that climb, names JavaScript objects already have, what
 * a spreadsheet would run, a long value), a query key given twice, and each request body as broken or odd JSON
 * sent under two media types. A route added later is swept with the rest: the description is the list.
 * Sent with `node:http` (fetch would refuse or re-encode some of them), a few at once over kept-alive connections.
 */
import { Agent, request } from 'node:http';

export interface SweptOperation {
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: unknown;
}

export interface SweepRequest {
  method: string;
  template: string;
  /** The request target, percent-encoded as sent. */
  path: string;
  body?: string;
  contentType?: string;
}

export interface SweepAnswer {
  status: number;
  mediaType: string;
  body: Buffer;
}

/** Percent-encodes what a URL cannot hold as it is, and leaves `%` escapes as written (some are invalid on purpose). */
const asSent = (value: string) => value.replace(/[^\x21-\x7e]|[#&?/]/gu, (c) => encodeURIComponent(c));

/** Values for any parameter, as sent in a URL (percent escapes kept as written). */
export const HOSTILE_VALUES: readonly string[] = [
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999999',
  '١٢',
  '۳۵٫۷',
  'true',
  '[]',
  '{}',
  '%00',
  '%0A',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '../../etc/passwd',
  '\u202E',
  '__proto__',
  'constructor',
  "'; DROP TABLE x;--",
  '<script>',
  '=cmd|x!A1',
  // Past every length limit a route sets, below Node's 16 KiB of headers (tests/api/hardening.test.ts has that).
  'ت'.repeat(1200),
];

/**
 * What a parameter defined the same way as one swept already gets (the filters many routes share, say): the
 * values most likely to be read differently by a route of its own, as the full list costs a request each.
 */
const RESWEPT_VALUES: readonly string[] = ['-1', '%ED%A0%80', '__proto__', HOSTILE_VALUES.at(-1)!];

/** Bodies for any operation that takes one, each sent as JSON and as plain text. */
export const HOSTILE_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"x"',
  '{',
  `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`,
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  JSON.stringify({ MinLat: 'NaN', MinLon: 1e308, MaxLat: null, MaxLon: [], version: -1, ids: [1.5, -1, 'x'] }),
  JSON.stringify({ name: '\u202Eadmin', password: 'x'.repeat(4000), kind: 'x', text: '\u0000' }),
  '\u0000',
];
const BODY_TYPES = ['application/json', 'text/plain'] as const;

/**
 * Every hostile request for the operations described: `known` gives a path parameter's ordinary value (a real
 * type id, say), so that each request changes one thing from one that would be answered.
 */
export function* hostileRequests(
  paths: Record<string, Record<string, SweptOperation>>,
  known: (name: string) => string,
): Generator<SweepRequest> {
  const swept = new Set<string>();
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const target = (name?: string, value?: string, repeated = false) => {
        let path = template;
        const query: string[] = [];
        for (const p of parameters) {
          const chosen = p.name === name ? value! : p.in === 'path' ? asSent(known(p.name)) : undefined;
          if (p.in === 'path') path = path.replace(`{${p.name}}`, chosen!);
          else if (chosen !== undefined) query.push(`${encodeURIComponent(p.name)}=${chosen}`);
          if (repeated && p.name === name) query.push(`${encodeURIComponent(p.name)}=1`);
        }
        return query.length > 0 ? `${path}?${query.join('&')}` : path;
      };
      const body = operation.requestBody ? '{}' : undefined;
      const contentType = body === undefined ? undefined : 'application/json';
      const verb = method.toUpperCase();
      for (const p of parameters) {
        const definition = `${p.in} ${p.name} ${JSON.stringify(p.schema)}`;
        const values = swept.has(definition) ? RESWEPT_VALUES : HOSTILE_VALUES;
        swept.add(definition);
        for (const value of values) {
          // An empty path segment is another address, not this route's.
          if (p.in === 'path' && value.trim() === '') continue;
          yield { method: verb, template, path: target(p.name, asSent(value)), body, contentType };
        }
        if (p.in === 'query') yield { method: verb, template, path: target(p.name, '2', true), body, contentType };
      }
      if (!operation.requestBody) continue;
      for (const hostile of HOSTILE_BODIES)
        for (const type of BODY_TYPES)
          yield { method: verb, template, path: target(), body: hostile, contentType: type };
    }
  }
}

/** Sends the requests, `atOnce` at a time, with `headers` (cookies, the XSRF token) on each. */
export async function sendAll(
  origin: string,
  requests: readonly SweepRequest[],
  headers: Record<string, string>,
  atOnce = 4,
): Promise<[SweepRequest, SweepAnswer][]> {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: atOnce });
  const send = (sweep: SweepRequest) =>
    new Promise<SweepAnswer>((resolve, reject) => {
      const outgoing = request(
        {
          host: hostname,
          port,
          method: sweep.method,
          path: sweep.path,
          agent,
          headers: { ...headers, ...(sweep.contentType ? { 'content-type': sweep.contentType } : {}) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              status: answer.statusCode!,
              mediaType: (answer.headers['content-type'] ?? '').split(';')[0]!.trim(),
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.on('error', (error) => reject(new Error(`${sweep.method} ${sweep.path}: ${error.message}`)));
      outgoing.end(sweep.body);
    });
  const answers: [SweepRequest, SweepAnswer][] = [];
  try {
    for (let at = 0; at < requests.length; at += atOnce) {
      const batch = requests.slice(at, at + atOnce);
      const answered = await Promise.all(batch.map(send));
      batch.forEach((sweep, i) => answers.push([sweep, answered[i]!]));
    }
  } finally {
    agent.destroy();
  }
  return answers;
}
