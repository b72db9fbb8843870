/**
 * GET /api/ask?q=TEXT[&lat=&lon=]: a question in everyday words (Persian or English), what was understood of it
 * and the answer, in one round trip (server/ask/AskAnswers.ts). Held to the API's rate limit, and refused for a
 * control character (http/controlCharacters.ts), like every call.
 */
import { Type } from 'typebox';
import { ASK_MAX_CHARS } from '../../domain/ask/limits';
import { foldText } from '../../domain/text';
import { ASK_DROPPABLE, AskAnswer, type AskDroppable } from '../../domain/wire/ask';
import { DecimalString } from '../../domain/wire/requests';
import { errors } from '../http/answers';
import { badRequest } from '../http/errors';
import { queryNumber } from '../http/queryValues';
import type { Api, RouteContext } from './context';

const askQuery = Type.Object(
  {
    q: Type.String({ maxLength: ASK_MAX_CHARS, description: `The question, up to ${ASK_MAX_CHARS} characters` }),
    lat: Type.Optional(DecimalString),
    lon: Type.Optional(DecimalString),
    drop: Type.Optional(
      Type.String({
        pattern: `^(${ASK_DROPPABLE.join('|')})(,(${ASK_DROPPABLE.join('|')}))*$`,
        maxLength: 64,
        description: `Parts of what was understood to leave out, comma-separated: ${ASK_DROPPABLE.join(', ')}`,
      }),
    ),
  },
  { additionalProperties: false },
);

export function registerAskRoutes(app: Api, { ask }: RouteContext): void {
  app.get(
    '/ask',
    {
      schema: {
        tags: ['search'],
        summary: 'A question in everyday words: its type, trade, audience, place and intent, and the answer',
        querystring: askQuery,
        response: { 200: AskAnswer, ...errors(400) },
      },
    },
    async (request) => {
      const { q, lat, lon, drop } = request.query;
      if (foldText(q) === '') throw badRequest('q is empty: ask a question');
      if ((lat === undefined) !== (lon === undefined))
        throw badRequest('lat and lon go together: give both or neither');
      const position =
        lat !== undefined && lon !== undefined
          ? { lat: queryNumber('lat', lat, -90, 90), lon: queryNumber('lon', lon, -180, 180) }
          : null;
      return ask.ask(q, position, (drop?.split(',') ?? []) as AskDroppable[]);
    },
  );
}
