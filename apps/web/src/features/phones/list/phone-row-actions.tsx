import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import {
  isPhoneOffered,
  PHONE_DIALOG_ENTRIES,
  PHONE_MENU_GROUPS,
  phonePowerAction,
  type PhoneRowAction,
} from './phone-actions';

/** What a row's menu item does: one of the list's actions, or another part's dialog (by its key). */
export type PhoneMenuChoice = { action: PhoneRowAction } | { dialog: string };

// Connecting leads: it is what a running phone is for.
const RUN_ACTIONS: PhoneRowAction[] = ['connect', 'start', 'stop', 'restart'];

function usePhoneMenu(
  phone: Phone,
  groups: readonly (readonly PhoneRowAction[])[],
  onChoose: (choice: PhoneMenuChoice) => void,
): MenuProps {
  const { t } = useTranslation('phones');
  const items: MenuProps['items'] = [
    ...groups.flatMap((group, index) => [
      ...(index > 0 ? [{ type: 'divider' as const, key: `divider-${index}` }] : []),
      ...group.map((action) => ({
        key: action,
        disabled: !isPhoneOffered(phone, action),
        danger: action === 'reset',
        label: <span data-testid={`phone-action-${action}`}>{t(`list.action.${action}`)}</span>,
      })),
    ]),
    ...(PHONE_DIALOG_ENTRIES.length ? [{ type: 'divider' as const, key: 'divider-dialogs' }] : []),
    ...PHONE_DIALOG_ENTRIES.map((entry) => ({
      key: `dialog:${entry.key}`,
      disabled: phone.status === 'deleted' || !entry.offered(phone),
      label: <span data-testid={`phone-action-${entry.key}`}>{entry.label()}</span>,
    })),
  ];
  return {
    items,
    onClick: ({ key }) =>
      onChoose(
        key.startsWith('dialog:')
          ? { dialog: key.slice('dialog:'.length) }
          : { action: key as PhoneRowAction },
      ),
  };
}

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
  const choose = (choice: PhoneMenuChoice) => onChoose(phone, choice);
  const all = usePhoneMenu(phone, [RUN_ACTIONS, ...PHONE_MENU_GROUPS], choose);
  const more = usePhoneMenu(phone, PHONE_MENU_GROUPS, choose);
  if (compact) {
    return (
      <Dropdown menu={all} trigger={['click']} placement="bottomRight">
        <Button
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={t('list.column.actions')}
          data-testid="phone-actions"
        />
      </Dropdown>
    );
  }
  const power = phonePowerAction(phone);
  return (
    <Flex align="center" gap={0} wrap={false}>
      {(['connect', power, 'restart'] as const).map((action) => (
        <Button
          key={action}
          type="link"
          size="small"
          style={{ paddingInline: 4 }}
          disabled={!isPhoneOffered(phone, action)}
          loading={action === 'connect' && connecting}
          onClick={() => choose({ action })}
          data-testid={`phone-${action}`}
        >
          {t(`list.action.${action}`)}
        </Button>
      ))}
      <Dropdown menu={more} trigger={['click']} placement="bottomRight">
        <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid="phone-more">
          {t('list.action.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  );
}
