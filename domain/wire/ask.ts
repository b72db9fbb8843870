/**
 * `GET /api/ask?q=TEXT[&lat=&lon=]`: a question in everyday words, what was understood of it and the answer to
 * that, in one round trip (issue 58). Written once as a schema that is also its type, like answers.ts.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { ASK_MAX_KM } from '../ask/limits';
import { ASK_INTENTS } from '../ask/words';
import { AUDIENCES } from '../audiences';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const AskPlace = Type.Object({
  Name: Type.String({ description: 'The Persian name' }),
  EnName: nullable(Type.String({ description: 'The English name, where known' })),
  Kind: Type.Enum(['city', 'province']),
  Province: Type.String({ description: 'The province’s ISO 3166-2 code (a city’s: the one it is in)' }),
  Lat: Type.Number(),
  Long: Type.Number(),
});
export type AskPlace = Static<typeof AskPlace>;

export const Understood = Type.Object({
  Route: nullable(Type.String({ description: 'The catalogue route of the type asked for' })),
  Trade: nullable(Type.String({ description: 'The trade, as the data writes it' })),
  Audience: nullable(Type.Enum(AUDIENCES.map((a) => a.key))),
  Place: nullable(AskPlace),
  NearMe: Type.Boolean({ description: 'Whether the asker means their own position' }),
  WithinKm: nullable(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: ASK_MAX_KM,
      description: 'A distance the question sets ("within 10 km"): the answer goes no farther',
    }),
  ),
  Intent: Type.Enum([...ASK_INTENTS]),
});
export type Understood = Static<typeof Understood>;

export const AskFound = Type.Object({
  Guid: Type.String(),
  Name: Type.String(),
  Lat: Type.Number(),
  Long: Type.Number(),
  DistanceKm: nullable(Type.Number({ description: 'From the place asked about, or the asker’s position' })),
  Gender: Type.String({ description: 'Its gender value: whom it admits' }),
  TypeId: Type.String(),
  Trades: Type.Array(Type.String(), { description: 'What it teaches, as the data writes it' }),
});
export type AskFound = Static<typeof AskFound>;

/** Where a count or a list was taken: a province, around a town, or the whole country. */
export const AskScope = Type.Union([
  Type.Object({ Kind: Type.Literal('country') }),
  Type.Object({ Kind: Type.Literal('province'), Province: Type.String() }),
  Type.Object({ Kind: Type.Literal('around'), Km: Type.Number(), Lat: Type.Number(), Long: Type.Number() }),
]);
export type AskScope = Static<typeof AskScope>;

export const AskResult = Type.Object({
  Kind: Type.Enum(['nearest', 'list', 'count', 'none']),
  /** Why nothing was looked for (Kind "none"). */
  Reason: nullable(Type.Enum(['needs-position'])),
  From: nullable(Type.Object({ Lat: Type.Number(), Long: Type.Number() })),
  Scope: nullable(AskScope),
  /** How many fit, in all (a count; a list's whole length). */
  Count: nullable(Type.Integer()),
  Locations: Type.Array(AskFound),
  /** The type ids looked in: the type asked for, or every type that teaches. */
  TypeIds: Type.Array(Type.String()),
});
export type AskResult = Static<typeof AskResult>;

export const AskAnswer = Type.Object({
  Understood,
  Unused: Type.Array(Type.String(), {
    description:
      'Words read as nothing, or as a second trade, town, type, audience or intent (one of each is taken), folded',
  }),
  PersianReading: nullable(
    Type.String({ description: 'A Latin question read as Persian typed on an English keyboard: how it was read' }),
  ),
  Answer: AskResult,
});
export type AskAnswer = Static<typeof AskAnswer>;

export { ASK_DROPPABLE, type AskDroppable } from '../ask/parts';

/** How many locations a nearest answer and a list give. */
export const ASK_LIMITS = { nearest: 10, list: 50 } as const;
/** A count "in" a town is taken within this distance of its point (the gazetteer has no town outlines). */
export const TOWN_RADIUS_KM = 20;
