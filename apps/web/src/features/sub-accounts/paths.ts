/** The main account's sub-account page (spec §2 `/cloud/sonacc`). */
export const SUB_ACCOUNTS_PATH = '/cloud/sonacc';
