/** The console paths the desktop list links to (spec §2 Cloud computer menu). */
export const DESKTOP_LIST_PATH = '/cloud/cloudLis';
export const DESKTOP_BUY_PATH = '/cloud/buy';
export const DESKTOP_MONITOR_PATH = '/cloud/log';
/** The office networks page (spec §2 Cloud network menu), where another network is bought. */
export const OFFICE_NETWORK_PATH = '/zqgl/officenetwork';

/** The monitoring page opened on one desktop. */
export function monitorPathOf(desktopId: string): string {
  return `${DESKTOP_MONITOR_PATH}?${new URLSearchParams({ desktop_id: desktopId }).toString()}`;
}
