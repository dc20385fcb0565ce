/** Where the profile page opens on its password tab (`?tab=`, read by the profile page). */
export const PROFILE_PATH = '/user/profile';
export const PROFILE_TAB_PARAM = 'tab';
export const PROFILE_TABS = ['basic', 'password', 'sessions'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function profileLink(tab?: ProfileTab): string {
  return tab ? `${PROFILE_PATH}?${PROFILE_TAB_PARAM}=${tab}` : PROFILE_PATH;
}
