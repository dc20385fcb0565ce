/**
 * Query keys of the phone pages. Everything about the customer's own phones (the list, the groups'
 * counts, prices of one phone) lives under `phonesKey`, so a purchase or an action refreshes it all;
 * the catalogue (regions, specs, images, prices to buy) sits apart under `phoneCatalogKey`.
 */
export const phonesKey = ['phones'] as const;
export const phoneCatalogKey = ['catalog', 'phone'] as const;
