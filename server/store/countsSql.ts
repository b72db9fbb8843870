/**
 * Counts kept per type x province x gender (with the sums of latitude and longitude, for province
 * bubbles), so the statistics, the bubbles and the totals read a few hundred rows, never every location.
 * Both stores refill them from the locations in the transaction that changes the data (the same SQL in
 * both dialects), so readers never see counts that disagree with the rows.
 */
export const CREATE_COUNTS_SQL = `
CREATE TABLE IF NOT EXISTS location_count (
  type_id integer NOT NULL,
  province_id integer NOT NULL,
  gender text NOT NULL,
  count integer NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lon double precision NOT NULL,
  PRIMARY KEY (type_id, province_id, gender)
);`;

/** The refill as single statements (an import runs them one at a time). */
export const REFRESH_COUNTS_STEPS = [
  'DELETE FROM location_count',
  `INSERT INTO location_count (type_id, province_id, gender, count, sum_lat, sum_lon)
  SELECT type_id, province_id, gender, count(*), sum(lat), sum(lon) FROM location GROUP BY type_id, province_id, gender`,
];

export const REFRESH_COUNTS_SQL = `\n${REFRESH_COUNTS_STEPS.join(';\n')};`;
