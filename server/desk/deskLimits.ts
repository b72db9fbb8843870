/**
 * How often one client may try to sign in, and file reports: each route's own limit, counted apart from the
 * API's (a visitor who browses a lot may still report), keyed by the client's address as the API's limit is.
 */
export interface DeskLimits {
  /** Sign-ins a client may try in SIGN_IN_WINDOW_MS, whatever the accounts (each account also locks itself). */
  signIns: number;
  /** Reports a client may file in REPORT_WINDOW_MS: enough for several corrections, not for a flood. */
  reports: number;
}

export const DEFAULT_DESK_LIMITS: DeskLimits = { signIns: 10, reports: 5 };
export const SIGN_IN_WINDOW_MS = 5 * 60_000;
export const REPORT_WINDOW_MS = 10 * 60_000;
