/** The spending centre's statistics page (issue 22). */
export const STATISTICS_PATH = '/mesceter/statistics';
