/**
 * The banner of a session that is not the account's own: an operator's read-only support view
 * (issue 18) or a sub-account's console (issue 21). One lazy part for both, so the shell, which
 * every console page loads first, carries a single import for them.
 */
import { SupportBanner } from '../../features/business/support-view/support-banner';
import { SubAccountBanner } from '../../features/sub-accounts/session/sub-account-banner';

export function SessionBanner({ support }: { support: boolean }) {
  return support ? <SupportBanner /> : <SubAccountBanner />;
}
