/** The operators' catalogue (issue 18), zod-free: the web's tabs and forms read the same values. */

/** The tabs of `/business/catalog`, one per catalogue area. */
export const CATALOG_AREAS = [
  'region',
  'bundleType',
  'bundle',
  'desktopType',
  'image',
  'phoneSpec',
  'phoneImage',
  'discount',
  'unitPrice',
  'markup',
] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];

/** The highest region factor and markup an operator may set, in percent. */
export const MAX_PRICE_FACTOR_PERCENT = 1000;
export const MAX_MARKUP_PERCENT = 1000;

/** The areas with a table of rows (the markup is one setting). */
export const CATALOG_TABLE_AREAS = CATALOG_AREAS.filter(
  (area): area is Exclude<CatalogArea, 'markup'> => area !== 'markup',
);
