/**
 * Search by trade: the trades a type's locations teach whose name contains a text, and the locations teaching
 * one trade nearest a point (the visitor's position or a chosen town), under the filters.
 */
import type { FastifyInstance } from 'fastify';
import type { NearestResult } from '../../domain/search';
import { foldText } from '../../domain/text';
import { TRADE_LIMIT, TRADE_QUERY_CHARS, type TradeCount } from '../../domain/trades';
import {
  decimalString,
  filterQueryProperties,
  filtersOfQuery,
  integerString,
  limitOf,
  nearestQueryOf,
  typeIdParams,
  type FilterQuery,
} from '../http/schemas';
import { errors, nearestAnswer, tradesAnswer } from '../http/answers';
import type { RouteContext } from './context';
import { requireType } from './lookups';

const text = { type: 'string', minLength: 1, maxLength: TRADE_QUERY_CHARS.max } as const;

const tradesQuery = {
  type: 'object',
  required: ['q'],
  additionalProperties: false,
  properties: { ...filterQueryProperties, q: text, limit: integerString },
} as const;

const nearestTeachingQuery = {
  type: 'object',
  required: ['trade', 'lat', 'lon'],
  additionalProperties: false,
  properties: { ...filterQueryProperties, trade: text, lat: decimalString, lon: decimalString, limit: integerString },
} as const;

export function registerTradeRoutes(app: FastifyInstance, { trades }: RouteContext): void {
  app.get<{ Params: { typeId: string }; Querystring: FilterQuery & { q: string; limit?: string } }>(
    '/trades/:typeId',
    {
      schema: {
        tags: ['search'],
        summary: 'Trades taught by a type’s locations whose name contains the text, most taught first',
        params: typeIdParams,
        querystring: tradesQuery,
        response: { 200: tradesAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<TradeCount[]> => {
      const type = requireType(request.params.typeId);
      const limit = limitOf(request.query.limit, TRADE_LIMIT);
      if (foldText(request.query.q).length < TRADE_QUERY_CHARS.min) return [];
      return trades.trades(type.typeId, request.query.q, filtersOfQuery(request.query), limit);
    },
  );

  app.get<{
    Params: { typeId: string };
    Querystring: FilterQuery & { trade: string; lat: string; lon: string; limit?: string };
  }>(
    '/trades/:typeId/nearest',
    {
      schema: {
        tags: ['search'],
        summary: 'The locations of a type teaching a trade, nearest a point first, with their distance',
        params: typeIdParams,
        querystring: nearestTeachingQuery,
        response: { 200: nearestAnswer, ...errors(400, 404) },
      },
    },
    async (request): Promise<NearestResult[]> => {
      const type = requireType(request.params.typeId);
      const { lat, lon, limit } = nearestQueryOf(request.query);
      return trades.nearest(type.typeId, request.query.trade, lat, lon, limit, filtersOfQuery(request.query));
    },
  );
}
