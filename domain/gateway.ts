/** The gateway's wire contract: field names exactly as the gateway spells them. */

/** The answers' shapes, written once as schemas (domain/wire/answers.ts); the detail's fields come from the one field table. */
export type {
  ApiError,
  ChartRow,
  ClusterItem,
  DatasetMeta,
  DynamicField,
  LocatedDetail,
  LocationDetail,
  MapLocation,
  PiePoint,
  TreeNode,
} from './wire/answers';

/** The value the province dropdown and the province-scoped calls use for "every province". */
export const ALL_PROVINCES = 'All';

/** Response header our LazyLoad sets when it cut the result at its row cap. */
export const TRUNCATED_HEADER = 'x-makan-truncated';
export const LAZYLOAD_ROW_CAP = 20_000;
