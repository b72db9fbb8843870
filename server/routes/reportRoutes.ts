/**
 * The public's reports of a problem with a location: filed without an account (`POST /api/reports`, with the
 * XSRF header like every write), held to a per-client limit of their own, and readable by the link each
 * answered (`GET /api/reports/{id}`). Staff decide them in the console (staffRoutes.ts).
 */
import { randomBytes } from 'node:crypto';
import { MIN_VERSION_HEADER } from '../../domain/http';
import {
  HONEYPOT_FIELD,
  REPORT_TEXT_MIN,
  reportStatusPath,
  type ReportKind,
  type ReportStatus,
} from '../../domain/reports';
import { FiledReport, NewReport, ReportId, ReportStatusAnswer } from '../../domain/wire/desk';
import { Type } from 'typebox';
import { errors } from '../http/answers';
import { badRequest, notFound } from '../http/errors';
import { routeOfTypeKey } from '../store/catalogueKeys';
import { REPORT_WINDOW_MS } from '../desk/deskLimits';
import type { StoredReport } from '../store/StaffDesk';
import type { Api, RouteContext } from './context';

/** What anyone with the link sees of a report: never its text (which only staff read) nor who decided. */
export function publicStatusOf(report: StoredReport): ReportStatusAnswer {
  return {
    Id: report.id,
    Kind: report.kind as ReportKind,
    Status: report.status as ReportStatus,
    CreatedAt: report.createdAt,
    DecidedAt: report.decidedAt === '' ? null : report.decidedAt,
    Note: report.note,
    LocationName: report.locationName,
    Route: routeOfTypeKey(report.typeKey),
    ChangedInVersion: report.changedInVersion,
  };
}

export function registerReportRoutes(app: Api, { store, deskLimits }: RouteContext): void {
  app.post(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Reports a problem with a location (no account; no personal data)',
        body: NewReport,
        response: { 201: FiledReport, ...errors(400, 403, 404) },
      },
      config: {
        changesState: true,
        rateLimit: {
          max: deskLimits.reports,
          timeWindow: REPORT_WINDOW_MS,
          keyGenerator: (request) => `report:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ((body[HONEYPOT_FIELD] ?? '') !== '') throw badRequest('this report cannot be accepted');
      const text = body.Text.trim();
      if ([...text].length < REPORT_TEXT_MIN) throw badRequest('say in a few words what is wrong');
      const desk = store.desk;
      const place = await desk.locationPlace(body.Guid);
      if (!place) throw notFound('unknown_location', `no location with Guid ${body.Guid}`);
      const current = await store.datasetVersion();
      const said = Number(request.headers[MIN_VERSION_HEADER.toLowerCase()]);
      const id = randomBytes(16).toString('base64url');
      await desk.addReport({
        id,
        guid: body.Guid.toUpperCase(),
        kind: body.Kind,
        text,
        seenVersion: Number.isInteger(said) && said > 0 && said <= current ? said : current,
        typeKey: place.typeKey,
        provinceKey: place.provinceKey,
        createdAt: new Date().toISOString(),
        status: 'open',
        note: '',
        decidedBy: '',
        decidedAt: '',
        changedInVersion: null,
        locationName: place.name,
      });
      return reply.code(201).send({ Id: id, Status: 'open', Link: reportStatusPath(id) });
    },
  );

  app.get(
    '/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'A report’s status, by the id its filing answered',
        params: Type.Object({ id: ReportId }),
        response: { 200: ReportStatusAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const report = await store.desk.report(request.params.id);
      if (!report) throw notFound('unknown_report', 'no report with this id');
      return publicStatusOf(report);
    },
  );
}
