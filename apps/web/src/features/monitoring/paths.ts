/** Where monitoring lives and how other pages link to one desktop's monitoring. */

export const MONITORING_PATH = '/cloud/log';
/** The desktop to show first (`/cloud/log?desktop_id=dt-…`), as the desktop list links to it. */
export const DESKTOP_PARAM = 'desktop_id';
/** The purchase page, offered when there is no desktop to monitor. */
export const BUY_DESKTOP_PATH = '/cloud/buy';
