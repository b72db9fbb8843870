/**
 * The values a location's fields hold, as the wire contract writes them: the kinds of value (text, a flag, the
 * dynamic fields) that domain/locationFields.ts gives each field, and the dynamic field itself. Apart from
 * answers.ts, which builds the detail from the field table, so that the table can take these types without
 * importing what imports it.
 */
import { Type, type Static } from 'typebox';

/** A field the organisation added to a location (a label, its value and how it is shown). */
export const DynamicField = Type.Object({
  Label: Type.String(),
  Value: Type.String(),
  Type: Type.Enum(['input', 'check', 'text', 'file', 'image']),
});
export type DynamicField = Static<typeof DynamicField>;

/** Each kind of field's value as the wire contract writes it (domain/wire/answers.ts builds the detail from it). */
export const VALUE_OF_KIND = {
  text: Type.String(),
  flag: Type.Boolean(),
  dynamicFields: Type.Array(DynamicField),
};
/** Each kind of field's value (text, a flag, the dynamic fields) as its type. */
export type ValueOfKind = { [K in keyof typeof VALUE_OF_KIND]: Static<(typeof VALUE_OF_KIND)[K]> };
