/**
 * The public's reports of a problem with a location ("report a problem" on its detail), and what staff decide.
 * No account and no personal data: a kind, free text, the location's Guid and the dataset version seen.
 */
export const REPORT_KINDS = ['closed', 'moved', 'wrong_phone', 'wrong_name', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What staff may decide (a report is open until they do). */
export const REPORT_DECISIONS = ['resolved', 'rejected'] as const satisfies readonly ReportStatus[];

/** A report's text: something to act on, and no essay. */
export const REPORT_TEXT_MIN = 3;
export const REPORT_TEXT_MAX = 2_000;
/** A staff note on a decision. */
export const REPORT_NOTE_MAX = 1_000;

/**
 * A field people never see (hidden from sight and from assistive technology) that simple bots fill in: a report
 * that carries anything in it is refused.
 */
export const HONEYPOT_FIELD = 'Website';

/** A report's id: 22 URL-safe characters (128 random bits). */
export const REPORT_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
const REPORTS_PREFIX = '/reports/';

/** Where the public reads a report's status, by the link the report answered. */
export const reportStatusPath = (id: string) => `${REPORTS_PREFIX}${encodeURIComponent(id)}`;

/** The report id an address names (`/reports/{id}`), or null. */
export function reportIdOfPath(path: string): string | null {
  if (!path.startsWith(REPORTS_PREFIX)) return null;
  const id = path.slice(REPORTS_PREFIX.length);
  return new RegExp(REPORT_ID_PATTERN).test(id) ? id : null;
}

/** The staff console's address. */
export const STAFF_PATH = '/staff';
