/**
 * The staff console's calls and the public's reports: the same HTTP place as every other call (http.ts), and an
 * upload sent with XMLHttpRequest, the one browser API that reports a request body's progress.
 */
import type {
  Applied,
  AuditAnswer,
  Decision,
  FiledReport,
  FileEncoding,
  NewReport,
  ReportStatusAnswer,
  StaffReport,
  StaffWho,
  UploadPreview,
} from '../../domain/wire/desk';
import type { ReportKind, ReportStatus } from '../../domain/reports';
import { API_BASE, ApiRequestError, requestDone, requestHeaders, requestJson, retryAfterOf } from './http';

export async function fetchStaffWho(signal?: AbortSignal): Promise<StaffWho> {
  return (await requestJson<StaffWho>('staff/session', { signal })).data;
}

export function signIn(name: string, password: string, signal?: AbortSignal): Promise<void> {
  return requestDone('staff/session', { method: 'POST', body: { name, password }, signal });
}

export function signOut(): Promise<void> {
  return requestDone('staff/session', { method: 'DELETE' });
}

export interface ReportFilter {
  type: string | null;
  province: string | null;
  kind: ReportKind | null;
  status: ReportStatus | null;
}

export async function fetchStaffReports(filter: ReportFilter, signal?: AbortSignal): Promise<StaffReport[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== null) query.set(key, value);
  const suffix = query.size > 0 ? `?${query}` : '';
  return (await requestJson<StaffReport[]>(`staff/reports${suffix}`, { signal })).data;
}

export async function decideReport(id: string, decision: Decision): Promise<StaffReport> {
  return (await requestJson<StaffReport>(`staff/reports/${encodeURIComponent(id)}`, { method: 'POST', body: decision }))
    .data;
}

export async function fetchAudit(signal?: AbortSignal): Promise<AuditAnswer> {
  return (await requestJson<AuditAnswer>('staff/audit', { signal })).data;
}

export interface UploadChoice {
  prune: boolean;
  skipInvalid: boolean;
  /** How the server is to read the file's bytes (Windows-1256 converted, once the staff agree). */
  encoding: FileEncoding;
}

/**
 * Sends a file for its preview, telling `onProgress` the share sent (0 to 1) as it goes; `signal` cancels it.
 * The body is the file itself, streamed by the browser from disk.
 */
export function uploadFile(
  file: File,
  choice: UploadChoice,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ name: file.name });
    if (choice.prune) query.set('prune', '1');
    if (choice.skipInvalid) query.set('skipInvalid', '1');
    if (choice.encoding !== 'utf-8') query.set('encoding', choice.encoding);
    xhr.open('POST', `${API_BASE}/staff/uploads?${query}`);
    for (const [name, value] of requestHeaders('POST').entries())
      if (name !== 'content-type') xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return reject(new ApiRequestError('malformed', xhr.status));
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as UploadPreview);
      const code = (body as { error?: unknown } | null)?.error;
      reject(
        new ApiRequestError(
          'http',
          xhr.status,
          typeof code === 'string' ? code : null,
          retryAfterOf(xhr.getResponseHeader('retry-after')),
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError('network'));
    xhr.onabort = () => reject(new ApiRequestError('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export async function applyUpload(id: string): Promise<Applied> {
  return (await requestJson<Applied>(`staff/uploads/${encodeURIComponent(id)}/apply`, { method: 'POST' })).data;
}

export function discardUpload(id: string): Promise<void> {
  return requestDone(`staff/uploads/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function fileReport(report: NewReport, signal?: AbortSignal): Promise<FiledReport> {
  return (await requestJson<FiledReport>('reports', { method: 'POST', body: report, signal })).data;
}

export async function fetchReportStatus(id: string, signal?: AbortSignal): Promise<ReportStatusAnswer> {
  return (await requestJson<ReportStatusAnswer>(`reports/${encodeURIComponent(id)}`, { signal })).data;
}

/** The Atom feed of what imports changed, for a type (route) and optionally a province. */
export function changesFeedUrl(route: string | null, province: string | null = null): string {
  const query = new URLSearchParams();
  if (route) query.set('type', route);
  if (province) query.set('province', province);
  return `${API_BASE}/feeds/changes.atom${query.size > 0 ? `?${query}` : ''}`;
}
