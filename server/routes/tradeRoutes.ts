/**
 * Search by trade: the trades a type's locations teach whose name contains a text, and the locations teaching
 * one trade nearest a point (the visitor's position or a chosen town), under the filters. Asked without a type
 * (from a page whose type teaches nothing), both span the types that teach.
 */
import { Type } from 'typebox';
import { foldText } from '../../domain/text';
import { TRADE_LIMIT, TRADE_QUERY_CHARS } from '../../domain/trades';
import { TEACHING_TYPES } from '../../domain/locationTypes';
import { NearestOfType, NearestResult, TradeAcrossTypes, TradeCount } from '../../domain/wire/answers';
import {
  filterQueryProperties,
  IntegerString,
  NearestQueryProperties,
  TypeIdList,
  TypeIdParams,
} from '../../domain/wire/requests';
import { filtersOfQuery, limitOf, nearestQueryOf } from '../http/queryValues';
import { errors } from '../http/answers';
import type { Api, RouteContext } from './context';
import { requireType } from './lookups';

const text = Type.String({ minLength: 1, maxLength: TRADE_QUERY_CHARS.max });

const tradesQuery = Type.Object(
  { ...filterQueryProperties, q: text, limit: Type.Optional(IntegerString) },
  { additionalProperties: false },
);

const nearestTeachingQuery = Type.Object(
  { ...filterQueryProperties, ...NearestQueryProperties, trade: text },
  { additionalProperties: false },
);

const nearestAcrossQuery = Type.Object(
  { ...filterQueryProperties, ...NearestQueryProperties, trade: text, types: Type.Optional(TypeIdList) },
  { additionalProperties: false },
);

const TEACHING_IDS = TEACHING_TYPES.map((type) => type.typeId);

/** The types asked for (each must be known), or every type that teaches. */
function typesOf(list: string | undefined): string[] {
  if (list === undefined) return TEACHING_IDS;
  return [...new Set(list.split(',').map((typeId) => requireType(typeId).typeId))];
}

export function registerTradeRoutes(app: Api, { trades }: RouteContext): void {
  app.get(
    '/trades',
    {
      schema: {
        tags: ['search'],
        summary: 'Trades taught by the locations of every type that teaches, with each type’s count, most taught first',
        querystring: tradesQuery,
        response: { 200: Type.Array(TradeAcrossTypes), ...errors(400) },
      },
    },
    async (request) => {
      const limit = limitOf(request.query.limit, TRADE_LIMIT);
      if (foldText(request.query.q).length < TRADE_QUERY_CHARS.min) return [];
      return trades.tradesAcross(TEACHING_IDS, request.query.q, filtersOfQuery(request.query), limit);
    },
  );

  app.get(
    '/trades/nearest',
    {
      schema: {
        tags: ['search'],
        summary: 'The locations teaching a trade, of the types named (or every type that teaches), nearest first',
        querystring: nearestAcrossQuery,
        response: { 200: Type.Array(NearestOfType), ...errors(400, 404) },
      },
    },
    async (request) => {
      const { lat, lon, limit } = nearestQueryOf(request.query);
      const types = typesOf(request.query.types);
      return trades.nearestAcross(types, request.query.trade, lat, lon, limit, filtersOfQuery(request.query));
    },
  );

  app.get(
    '/trades/:typeId',
    {
      schema: {
        tags: ['search'],
        summary: 'Trades taught by a type’s locations whose name contains the text, most taught first',
        params: TypeIdParams,
        querystring: tradesQuery,
        response: { 200: Type.Array(TradeCount), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const limit = limitOf(request.query.limit, TRADE_LIMIT);
      if (foldText(request.query.q).length < TRADE_QUERY_CHARS.min) return [];
      return trades.trades(type.typeId, request.query.q, filtersOfQuery(request.query), limit);
    },
  );

  app.get(
    '/trades/:typeId/nearest',
    {
      schema: {
        tags: ['search'],
        summary: 'The locations of a type teaching a trade, nearest a point first, with their distance',
        params: TypeIdParams,
        querystring: nearestTeachingQuery,
        response: { 200: Type.Array(NearestResult), ...errors(400, 404) },
      },
    },
    async (request) => {
      const type = requireType(request.params.typeId);
      const { lat, lon, limit } = nearestQueryOf(request.query);
      return trades.nearest(type.typeId, request.query.trade, lat, lon, limit, filtersOfQuery(request.query));
    },
  );
}
