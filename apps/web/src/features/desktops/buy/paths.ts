/** The purchase page (menu key 'cloud/buy', spec §2; not cached). */
export const DESKTOP_BUY_PATH = '/cloud/buy';
/** Where a purchase leads: the cloud computer list (spec §2 /cloud/cloudLis). */
export const DESKTOP_LIST_PATH = '/cloud/cloudLis';
/** Where office networks are bought (spec §2 Cloud network menu). */
export const OFFICE_NETWORK_PATH = '/zqgl/officenetwork';
/** The order list, for the result shown when the computer list is not part of this session's menu. */
export const ORDER_LIST_PATH = '/mesceter/order';
