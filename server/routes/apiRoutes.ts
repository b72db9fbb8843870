/**
 * Every route module of the API (under /api), in one list: a new module joins with one entry. Each is given the
 * route context (routes/context.ts) and takes what it needs of it.
 */
import { registerAreaRoutes } from './areaRoutes';
import { registerBasemapAnswer } from './basemapRoutes';
import { registerChangeRoutes } from './changeRoutes';
import { registerCompareRoutes } from './compareRoutes';
import { registerAskRoutes } from './askRoutes';
import type { Api, RouteContext } from './context';
import { registerCoverageRoutes } from './coverageRoutes';
import { registerDetailRoutes } from './detailRoutes';
import { registerDownloadRoutes } from './downloadRoutes';
import { registerEquityRoutes } from './equityRoutes';
import { registerFacetRoutes } from './facetRoutes';
import { registerFeedRoutes } from './feedRoutes';
import { registerFileRoutes } from './fileRoutes';
import { registerHealthRoutes } from './healthRoutes';
import { registerMapRoutes } from './mapRoutes';
import { registerTileRoutes } from './tileRoutes';
import { registerMetaRoutes } from './metaRoutes';
import { registerPlaceRoutes } from './placeRoutes';
import { registerPlanRoutes } from './planRoutes';
import { registerReportRoutes } from './reportRoutes';
import { registerSearchRoutes } from './searchRoutes';
import { registerStaffRoutes } from './staffRoutes';
import { registerStatsRoutes } from './statsRoutes';
import { registerTradeRoutes } from './tradeRoutes';
import { registerTreeRoutes } from './treeRoutes';
import { registerTypeRoutes } from './typeRoutes';

export type RouteModule = (api: Api, context: RouteContext) => void;

export const API_ROUTES: readonly RouteModule[] = [
  registerTypeRoutes,
  registerMetaRoutes,
  registerHealthRoutes,
  registerMapRoutes,
  registerTileRoutes,
  registerDetailRoutes,
  registerStatsRoutes,
  registerSearchRoutes,
  registerPlaceRoutes,
  registerFacetRoutes,
  registerCoverageRoutes,
  registerEquityRoutes,
  registerPlanRoutes,
  registerTradeRoutes,
  registerAskRoutes,
  registerCompareRoutes,
  registerAreaRoutes,
  registerTreeRoutes,
  registerFileRoutes,
  registerDownloadRoutes,
  registerChangeRoutes,
  registerFeedRoutes,
  registerReportRoutes,
  registerStaffRoutes,
  registerBasemapAnswer,
];
