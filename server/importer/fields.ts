/** The import and export format: the gateway contract's own field names, and the limits of sane text. */
export const FIELDS = [
  'Guid', 'Type', 'NameMakanAmoozeshi', 'Lat', 'Long', 'Ostan', 'Mogiyat', 'ZirNazar', 'Gender', 'Legal',
  'PhoneNumber', 'Fax', 'Address', 'ShowMoreDetails', 'daynamicFields',
] as const;
export type FieldName = (typeof FIELDS)[number];

/** Optional text fields and the record key each fills. */
export const TEXT_FIELDS = {
  Mogiyat: 'position',
  ZirNazar: 'supervision',
  Gender: 'gender',
  Legal: 'legal',
  PhoneNumber: 'phone',
  Fax: 'fax',
  Address: 'address',
} as const;

export const LIMITS = {
  name: 300,
  text: 1000,
  address: 2000,
  dynamicFields: 50,
  dynamicLabel: 200,
  dynamicValue: 2000,
} as const;

export const DYNAMIC_FIELD_TYPES = ['input', 'check', 'text', 'file', 'image'] as const;
