/**
 * The proxy settings link dialog with its strings (the `proxySet` locale group, not the console's):
 * the desktop list, its detail drawer and the phone list open it on demand.
 */
import { loadFeatureNamespaces } from '../../../../lib/i18n-console';

export const loadProxyLinkDialog = () =>
  Promise.all([import('./proxy-link-dialog'), loadFeatureNamespaces('proxySet')]).then(([module]) => module);
