import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceRowActions, type RowActionItem } from '../../../components/row-actions';
import { bindingPermissionsOf, keepInGroups } from '../../../lib/sub-account-permissions';
import {
  isPhoneOffered,
  isPhoneShownTo,
  PHONE_DIALOG_ENTRIES,
  PHONE_MENU_GROUPS,
  phonePowerAction,
  type PhoneRowAction,
} from './phone-actions';

/** What a row's menu item does: one of the list's actions, or another part's dialog (by its key). */
export type PhoneMenuChoice = { action: PhoneRowAction } | { dialog: string };

// Connecting leads: it is what a running phone is for.
const RUN_ACTIONS: PhoneRowAction[] = ['connect', 'start', 'stop', 'restart'];

/**
 * A row's (or card's) actions, each enabled as the phone's `actions` allow: connect, the power
 * button, restart and a "More" menu; on a narrow screen all of them in one menu.
 */
export function PhoneRowActions({
  phone,
  compact,
  connecting = false,
  onChoose,
}: {
  phone: Phone;
  compact: boolean;
  /** This phone's connection ticket is on its way. */
  connecting?: boolean;
  onChoose: (phone: Phone, choice: PhoneMenuChoice) => void;
}) {
  const { t } = useTranslation('phones');
  const item = (action: PhoneRowAction): RowActionItem<PhoneMenuChoice> => ({
    id: action,
    label: t(`list.action.${action}`),
    disabled: !isPhoneOffered(phone, action),
    danger: action === 'reset',
    loading: action === 'connect' && connecting,
    choice: { action },
  });
  // A sub-account sees only what its binding permits (issue 21); a main account's row has no binding.
  const permissions = bindingPermissionsOf(phone);
  const shown = (key: string) => isPhoneShownTo(permissions, key);
  // The dialogs other parts build close the menu, after the list's own groups.
  const dialogs = PHONE_DIALOG_ENTRIES.filter((entry) => shown(entry.key)).map(
    (entry): RowActionItem<PhoneMenuChoice> => ({
      id: entry.key,
      label: entry.label(),
      disabled: phone.status === 'deleted' || !entry.offered(phone),
      choice: { dialog: entry.key },
    }),
  );
  const groups = [
    ...keepInGroups(PHONE_MENU_GROUPS, shown).map((group) => group.map(item)),
    ...(dialogs.length ? [dialogs] : []),
  ];
  return (
    <ResourceRowActions
      buttons={(['connect', phonePowerAction(phone), 'restart'] as const).filter(shown).map(item)}
      runItems={RUN_ACTIONS.filter(shown).map(item)}
      groups={groups}
      compact={compact}
      onChoose={(choice) => onChoose(phone, choice)}
      testIdPrefix="phone"
      texts={{ more: t('list.action.more'), actions: t('list.column.actions') }}
    />
  );
}
