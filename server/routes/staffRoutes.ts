/**
 * The staff's API under /api/staff: signing in and out, the console's uploads (preview, apply, discard), the
 * public's reports and the audit log. Every route but sign-in answers 401 without a session, and says nothing
 * else; every write also needs the XSRF header (apiConventions.ts). The routes are declarations: each hands its
 * request to the desk's work (server/desk/deskWork.ts), which does the action and writes its audit row.
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { typeById, typeByRoute } from '../../domain/locationTypes';
import type { ReportKind, ReportStatus } from '../../domain/reports';
import {
  Applied,
  AuditAnswer,
  Decision,
  ReportId,
  UploadId,
  ReportQuery,
  SignIn,
  StaffReport,
  StaffWho,
  UploadPreview,
  UploadQuery,
} from '../../domain/wire/desk';
import { StaffSessions, unauthenticated, type SignedIn } from '../desk/staffSessions';
import { SIGN_IN_WINDOW_MS } from '../desk/deskLimits';
import { DeskWork } from '../desk/deskWork';
import { UPLOAD_MAX_BYTES } from '../desk/uploads';
import { errors } from '../http/answers';
import { HttpError } from '../http/errors';
import { provinceIsoOfKey, provinceKeyOf, typeKeyOf } from '../store/catalogueKeys';
import type { StoredReport } from '../store/StaffDesk';
import type { Api, RouteContext } from './context';
import { publicStatusOf } from './reportRoutes';

const AUDIT_SHOWN = 200;
const REPORTS_SHOWN = 500;

const noContent = { 204: Type.Null() };

export function registerStaffRoutes(app: Api, context: RouteContext): void {
  const { store } = context;
  const desk = () => store.desk;
  const sessions = new StaffSessions(desk);
  const work = new DeskWork(store, context.imports);
  const audit = (who: string, action: string, detail: string) => work.audit(who, action, detail);

  /** Sign-ins refused by their account's lock (the others refused with 429 were over the client's limit). */
  const accountLocked = new WeakSet<FastifyRequest>();
  app.post(
    '/staff/session',
    {
      schema: {
        tags: ['staff'],
        summary: 'Signs a staff member in: the session cookie (HttpOnly, SameSite=Strict)',
        body: SignIn,
        response: { ...noContent, ...errors(400, 401, 403) },
      },
      config: {
        changesState: true,
        rateLimit: {
          max: context.deskLimits.signIns,
          timeWindow: SIGN_IN_WINDOW_MS,
          keyGenerator: (request) => `sign-in:${request.ip}`,
          // Counted once the body is read, so a refusal can be audited under the name it tried.
          hook: 'preValidation',
        },
      },
      // Every refused sign-in leaves its row: a wrong password, a locked account, a client over its limit. Written
      // before the refusal is sent (onSend, not onResponse), so whoever reads the log after a refusal finds it.
      onSend: async (request, reply, payload) => {
        if (reply.statusCode !== 401 && reply.statusCode !== 429) return payload;
        const tried = (request.body as { name?: unknown } | undefined)?.name;
        const name = typeof tried === 'string' ? tried.trim().toLowerCase().slice(0, 64) : '';
        const why =
          reply.statusCode === 401 ? '' : accountLocked.has(request) ? ' (account locked)' : ' (over the client limit)';
        await audit(name, 'session.refused', `from ${request.ip}${why}`);
        return payload;
      },
    },
    async (request, reply) => {
      const name = await sessions.signIn(request, reply, request.body.name, request.body.password).catch((error) => {
        if (error instanceof HttpError && error.statusCode === 429) accountLocked.add(request);
        throw error;
      });
      await audit(name, 'session.start', `from ${request.ip}`);
      return reply.code(204).send(null);
    },
  );

  // Everything below needs a session.
  app.register(async (scope) => {
    const staff = scope.withTypeProvider<TypeBoxTypeProvider>();
    const signedIn = new WeakMap<FastifyRequest, SignedIn>();
    // Before the body is read or validated: a visitor learns nothing of what a staff route takes.
    staff.addHook('onRequest', async (request) => {
      const who = await sessions.staffOf(request);
      if (!who) throw unauthenticated();
      signedIn.set(request, who);
    });
    // What staff read (reports' texts, the audit log) is kept by no browser cache or proxy.
    staff.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    const who = (request: FastifyRequest) => signedIn.get(request)!;
    const staffErrors = (...statuses: number[]) => errors(401, 403, ...statuses);

    staff.get(
      '/staff/session',
      { schema: { tags: ['staff'], summary: 'Who is signed in', response: { 200: StaffWho, ...staffErrors() } } },
      async (request) => {
        const me = who(request);
        return { Name: me.name, SignedInAt: me.signedInAt, IdleMinutes: me.idleMinutes };
      },
    );

    staff.delete(
      '/staff/session',
      {
        schema: { tags: ['staff'], summary: 'Signs out', response: { ...noContent, ...staffErrors() } },
        config: { changesState: true },
      },
      async (request, reply) => {
        await sessions.signOut(request, reply);
        await audit(who(request).name, 'session.end', '');
        return reply.code(204).send(null);
      },
    );

    staff.get(
      '/staff/audit',
      {
        schema: {
          tags: ['staff'],
          summary: `The audit log, newest first (the last ${AUDIT_SHOWN})`,
          response: { 200: AuditAnswer, ...staffErrors() },
        },
      },
      async () =>
        (await desk().auditLog(AUDIT_SHOWN)).map((e) => ({
          At: e.at,
          Name: e.name,
          Action: e.action,
          Detail: e.detail,
          DatasetVersion: e.datasetVersion,
        })),
    );

    const staffReportOf = (report: StoredReport): StaffReport => ({
      ...publicStatusOf(report),
      Guid: report.guid,
      Text: report.text,
      SeenVersion: report.seenVersion,
      Province: provinceIsoOfKey.get(report.provinceKey) ?? '',
      DecidedBy: report.decidedBy,
    });

    staff.get(
      '/staff/reports',
      {
        schema: {
          tags: ['staff'],
          summary: `The public's reports, newest first (at most ${REPORTS_SHOWN}), by type, province, kind and status`,
          querystring: ReportQuery,
          response: { 200: Type.Array(StaffReport), ...staffErrors(400) },
        },
      },
      async (request) => {
        const { type, province, kind, status } = request.query;
        const typeId = type === undefined ? null : (typeByRoute(type) ?? typeById(type))?.typeId;
        if (typeId === undefined) throw new HttpError(400, 'bad_request', `no type ${type}`);
        const provinceKey = province === undefined ? null : provinceKeyOf.get(province);
        if (provinceKey === undefined) throw new HttpError(400, 'bad_request', `no province ${province}`);
        const reports = await desk().reports({
          typeKey: typeId === null ? null : (typeKeyOf.get(typeId) ?? -1),
          provinceKey,
          kind: (kind as ReportKind | undefined) ?? null,
          status: (status as ReportStatus | undefined) ?? null,
          limit: REPORTS_SHOWN,
        });
        return reports.map(staffReportOf);
      },
    );

    staff.post(
      '/staff/reports/:id',
      {
        schema: {
          tags: ['staff'],
          summary: 'Decides a report: resolved or rejected, with a note the public sees',
          params: Type.Object({ id: ReportId }),
          body: Decision,
          response: { 200: StaffReport, ...staffErrors(400, 404, 409) },
        },
        config: { changesState: true },
      },
      async (request) =>
        staffReportOf(
          await work.decide(
            who(request).name,
            request.params.id,
            request.body.Status,
            request.body.Note,
            request.body.Seen,
          ),
        ),
    );

    registerUploadRoutes(staff, work, who);
  });
}

type Who = (request: FastifyRequest) => SignedIn;

function registerUploadRoutes(staff: Api, work: DeskWork, who: Who): void {
  // The file arrives as a stream (application/octet-stream), read by the preview, never buffered whole.
  staff.register(async (files) => {
    files.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    files.withTypeProvider<TypeBoxTypeProvider>().post(
      '/staff/uploads',
      {
        schema: {
          tags: ['staff'],
          summary: 'Checks a CSV or GeoJSON file and works out its changes; applies nothing',
          querystring: UploadQuery,
          response: { 200: UploadPreview, ...errors(400, 401, 403, 413, 415) },
        },
        config: { changesState: true },
      },
      async (request, reply) => {
        try {
          refuseUnsentFile(request);
          const { name: fileName, prune, skipInvalid, encoding } = request.query;
          return await work.preview(who(request).name, request.body as Readable, {
            fileName,
            options: { prune: prune === '1', skipInvalid: skipInvalid === '1' },
            encoding,
          });
        } catch (error) {
          // A refused body may be partly unread: the connection is closed after the answer, never left waiting
          // for the rest (or taking the rest as the next request).
          reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });

  const uploadParams = Type.Object({ id: UploadId });

  staff.post(
    '/staff/uploads/:id/apply',
    {
      schema: {
        tags: ['staff'],
        summary: 'Applies a previewed file, as previewed: atomically, as a new dataset version',
        params: uploadParams,
        response: { 200: Applied, ...errors(400, 401, 403, 404, 409, 422) },
      },
      config: { changesState: true },
    },
    async (request) => work.apply(who(request).name, request.params.id),
  );

  staff.delete(
    '/staff/uploads/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Discards a previewed file',
        params: uploadParams,
        response: { ...noContent, ...errors(400, 401, 403, 404) },
      },
      config: { changesState: true },
    },
    async (request, reply) => {
      await work.discard(who(request).name, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** What an upload's headers say before its body is read: too large, compressed, or not sent as a file's bytes. */
function refuseUnsentFile(request: FastifyRequest): void {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > UPLOAD_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', `the file is over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity')
    throw new HttpError(415, 'archive_file', 'send the file itself, not compressed');
  if (request.headers['content-type'] !== 'application/octet-stream')
    throw new HttpError(415, 'unsupported_media_type', 'send the file as application/octet-stream');
}
