/**
 * Query keys of the catalogue answers the purchase page reads (regions, bundles, images, periods,
 * prices). They change only when operators edit the catalogue, so they sit apart from the
 * customer's own desktops and office networks, which every purchase invalidates.
 */
export const catalogKey = ['catalog'] as const;
