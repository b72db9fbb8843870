/**
 * What the staff's routes and the public's reports carry (requests and answers), as TypeBox schemas that are also
 * their types; the client imports the types only.
 */
import { Type, type Static } from 'typebox';
import { GUID_PATTERN_SOURCE } from '../guid';
import { PROBLEM_CODES } from '../importProblems';
import {
  HONEYPOT_FIELD,
  REPORT_DECISIONS,
  REPORT_ID_PATTERN,
  REPORT_KINDS,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
} from '../reports';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const SignIn = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type SignIn = Static<typeof SignIn>;

export const StaffWho = Type.Object({ Name: Type.String(), SignedInAt: Type.String(), IdleMinutes: Type.Integer() });
export type StaffWho = Static<typeof StaffWho>;

export const ReportId = Type.String({ pattern: REPORT_ID_PATTERN });

/**
 * An upload's id, as the server makes it (server/desk/uploads.ts `newUploadId`): 22 URL-safe characters, 128 random
 * bits. Its own pattern, not a report's: the two are made apart and may change apart.
 */
export const UPLOAD_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const UploadId = Type.String({ pattern: UPLOAD_ID_PATTERN });

/** `POST /api/reports`. */
export const NewReport = Type.Object(
  {
    Guid: Type.String({ pattern: GUID_PATTERN_SOURCE }),
    Kind: Type.Enum(REPORT_KINDS),
    // Checked for blankness after trimming, by the route (a schema's minLength counts spaces).
    Text: Type.String({ maxLength: REPORT_TEXT_MAX }),
    [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type NewReport = Static<typeof NewReport>;

export const FiledReport = Type.Object({ Id: Type.String(), Status: Type.Enum(REPORT_STATUSES), Link: Type.String() });
export type FiledReport = Static<typeof FiledReport>;

/** `GET /api/reports/{id}`: what the public sees of a report. */
export const ReportStatusAnswer = Type.Object({
  Id: Type.String(),
  Kind: Type.Enum(REPORT_KINDS),
  Status: Type.Enum(REPORT_STATUSES),
  CreatedAt: Type.String(),
  DecidedAt: nullable(Type.String()),
  Note: Type.String(),
  LocationName: Type.String(),
  Route: Type.String(),
  /** The dataset version an import that changed the location made, once one has. */
  ChangedInVersion: nullable(Type.Integer()),
});
export type ReportStatusAnswer = Static<typeof ReportStatusAnswer>;

/** `GET /api/staff/reports`: a report as staff see it. */
export const StaffReport = Type.Object({
  ...ReportStatusAnswer.properties,
  Guid: Type.String(),
  Text: Type.String(),
  SeenVersion: Type.Integer(),
  Province: Type.String({ description: 'ISO 3166-2 code' }),
  DecidedBy: Type.String(),
});
export type StaffReport = Static<typeof StaffReport>;

export const ReportQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 64 })),
    province: Type.Optional(Type.String({ pattern: '^IR-\\d{2}$' })),
    kind: Type.Optional(Type.Enum(REPORT_KINDS)),
    status: Type.Optional(Type.Enum(REPORT_STATUSES)),
  },
  { additionalProperties: false },
);

export const Decision = Type.Object(
  {
    Status: Type.Enum(REPORT_DECISIONS),
    Note: Type.String({ maxLength: REPORT_NOTE_MAX }),
    /**
     * The report's DecidedAt as the deciding member saw it (null: not decided yet). A decision made since, by
     * another member or on another screen, refuses this one (409 report_changed) rather than being overwritten.
     */
    Seen: nullable(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type Decision = Static<typeof Decision>;

export const AuditAnswer = Type.Array(
  Type.Object({
    At: Type.String(),
    Name: Type.String(),
    Action: Type.String(),
    Detail: Type.String(),
    DatasetVersion: Type.Integer(),
  }),
);
export type AuditAnswer = Static<typeof AuditAnswer>;

const Problem = Type.Object({
  Where: Type.String(),
  Field: Type.String(),
  /** The command line's English words. */
  Message: Type.String(),
  /** What kind of problem (domain/importProblems.ts), and the values its words take: the console words it. */
  Code: Type.Enum(PROBLEM_CODES),
  Values: Type.Record(Type.String(), Type.String()),
});

/** Why a previewed file cannot be applied as it is, for the console to word. */
export const BLOCKED_CODES = ['unreadable', 'invalid', 'unknown_columns', 'prune_with_invalid'] as const;
export type BlockedCode = (typeof BLOCKED_CODES)[number];
const Finding = Type.Object({
  Kind: Type.Enum(['duplicate', 'outside_province', 'missing_field', 'bad_number'] as const),
  Where: Type.String(),
  Field: Type.String(),
  Message: Type.String(),
  Province: nullable(Type.String()),
  Route: nullable(Type.String()),
  /** What the finding is about, for the console to word (Message says it in English). */
  Other: nullable(Type.String({ description: 'the earlier record a duplicate repeats' })),
  Metres: nullable(Type.Integer({ description: 'how far a same-name duplicate is from it' })),
  Value: nullable(Type.String({ description: 'the shared number, or the piece that cannot be dialled' })),
  Lies: nullable(Type.String({ description: 'the province (ISO code) a point lies in, when not the one named' })),
  Stored: nullable(
    Type.Object(
      { Guid: Type.String(), Name: Type.String() },
      { description: 'the location already in the data that a new record repeats (same name and type, nearby)' },
    ),
  ),
});
export type Finding = Static<typeof Finding>;
const Counts = {
  Added: Type.Integer(),
  Removed: Type.Integer(),
  Moved: Type.Integer(),
  Renamed: Type.Integer(),
};
const ChangedPlace = Type.Object({ Route: Type.String(), Province: Type.String(), ...Counts });
const ChangedPoint = Type.Object({
  Kind: Type.Enum(['added', 'removed', 'moved', 'renamed'] as const),
  Guid: Type.String(),
  Name: Type.String(),
  Route: Type.String(),
  Lat: Type.Number(),
  Lon: Type.Number(),
  FromLat: nullable(Type.Number()),
  FromLon: nullable(Type.Number()),
});
export type ChangedPoint = Static<typeof ChangedPoint>;

/** `POST /api/staff/uploads`: the file checked and its changes worked out, nothing applied. */
/**
 * What an import file's bytes may be: UTF-8, or Windows-1256 (what Persian Excel saves as "CSV"), read only when
 * the staff say so (converted to UTF-8 as it is read).
 */
export const FILE_ENCODINGS = ['utf-8', 'windows-1256'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

/**
 * What a file's bytes were read as: what the staff asked for, or UTF-16 when the file begins with its byte-order
 * mark (Excel's "Unicode text"), which says so itself and needs no asking.
 */
export const READ_ENCODINGS = [...FILE_ENCODINGS, 'utf-16le', 'utf-16be'] as const;
export type ReadEncoding = (typeof READ_ENCODINGS)[number];

export const UploadPreview = Type.Object({
  Id: Type.String(),
  FileName: Type.String(),
  BaseVersion: Type.Integer(),
  Records: Type.Integer(),
  Rejected: Type.Integer(),
  Problems: Type.Array(Problem),
  /** Why the file cannot be applied as it is (null when it can), in English. */
  Blocked: nullable(Type.String()),
  /** The same, for the console to word: what stops it, and how many records. */
  BlockedBy: nullable(Type.Object({ Code: Type.Enum(BLOCKED_CODES), Records: Type.Integer() })),
  Findings: Type.Array(Finding),
  Gaps: Type.Array(
    Type.Object({
      Province: Type.String(),
      Records: Type.Integer(),
      Phone: Type.Integer(),
      Address: Type.Integer(),
      Gender: Type.Integer(),
    }),
  ),
  Summary: Type.Object({
    Inserted: Type.Integer(),
    Updated: Type.Integer(),
    Unchanged: Type.Integer(),
    Deleted: Type.Integer(),
  }),
  Changes: Type.Array(ChangedPlace),
  Points: Type.Array(ChangedPoint),
  /** How the file's bytes were read. */
  Encoding: Type.Enum(READ_ENCODINGS),
  /** Refused as not UTF-8, it reads as Windows-1256: the staff may send it again to be converted. */
  Convertible: Type.Boolean(),
});
export type UploadPreview = Static<typeof UploadPreview>;

export const UploadQuery = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    prune: Type.Optional(Type.Enum(['0', '1'] as const)),
    skipInvalid: Type.Optional(Type.Enum(['0', '1'] as const)),
    /** Read the file as this (the staff's consent to converting a Windows-1256 file); UTF-8 by default. */
    encoding: Type.Optional(Type.Enum(FILE_ENCODINGS)),
  },
  { additionalProperties: false },
);

export const Applied = Type.Object({
  Version: Type.Integer(),
  Locations: Type.Integer(),
  Inserted: Type.Integer(),
  Updated: Type.Integer(),
  Deleted: Type.Integer(),
});
export type Applied = Static<typeof Applied>;
