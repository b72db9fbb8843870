/**
 * Versioned downloads: the whole dataset (or one type, or what filters keep) as the import format, under an
 * address naming its dataset version, so a file's address always means the same rows:
 * GET /api/downloads/{version|latest}/{locations.csv|locations.geojson|metadata.json}[?type=Route][&filters].
 * `latest` redirects to the current version; an older version answers 404 `version_gone`.
 */
export const DOWNLOAD_FILES = ['locations.csv', 'locations.geojson', 'metadata.json'] as const;
export type DownloadFile = (typeof DOWNLOAD_FILES)[number];
export const LATEST = 'latest';

/**
 * The licence the downloads are published under, by its short name (the same in every language): the metadata
 * file states it with its terms, and the app says those terms in the visitor's language around this name.
 */
export const DATA_LICENCE = 'CC BY 4.0';

export type { DownloadMetadata } from './wire/answers';
