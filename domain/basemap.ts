/** What the server says of its own vector basemap: where the PMTiles archive is, or null when it has none. */
export interface BasemapAnswer {
  /** A same-origin path to a PMTiles archive, read with range requests; null: the bundled basemap alone. */
  Url: string | null;
}
