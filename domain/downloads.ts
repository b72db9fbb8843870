/**
 * Versioned downloads: the whole dataset (or one type, or what filters keep) as the import format, under an
 * address naming its dataset version, so a file's address always means the same rows:
 * GET /api/downloads/{version|latest}/{locations.csv|locations.geojson|metadata.json}[?type=Route][&filters].
 * `latest` redirects to the current version; an older version answers 404 `version_gone`.
 */
export const DOWNLOAD_FILES = ['locations.csv', 'locations.geojson', 'metadata.json'] as const;
export type DownloadFile = (typeof DOWNLOAD_FILES)[number];
export const LATEST = 'latest';

export type { DownloadMetadata } from './wire/answers';
