/**
 * What can be wrong with an import file, each kind with a code and the values its words need: the console words
 * them in the page's language (src/i18n), the command line keeps its own English message. One list, so the
 * compiler holds every language's words to every kind.
 */
export const PROBLEM_CODES = [
  // A record's fields.
  'required',
  'not_text',
  'too_long',
  'markup',
  'not_number',
  'other_axis',
  'not_guid',
  'zero_guid',
  'not_type',
  'outside_iran',
  'swapped_coordinates',
  'not_province',
  'other_province',
  'not_flag',
  'guid_repeated',
  // Its further fields (daynamicFields).
  'dynamic_not_json',
  'dynamic_not_list',
  'dynamic_too_many',
  'dynamic_entry',
  // A row or feature as a whole.
  'column_count',
  'unnamed_value',
  'repeated_property',
  'not_point',
  'unknown_field',
  // The file as a whole.
  'missing_columns',
  'repeated_columns',
  'quote_not_closed',
  'stray_quote',
  'malformed_csv',
  'empty_file',
  'not_json',
  'not_feature_collection',
  'not_wgs84',
  'not_utf8',
  'not_utf16',
  'windows_1256',
  'replacement_character',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The values a problem's words take (numbers and names as text, ready to be written in the page's digits). */
export type ProblemValues = Readonly<Record<string, string>>;
