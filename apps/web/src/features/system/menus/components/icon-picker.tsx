import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, menuIcon } from '../../../../app/shell/menu-icon';

/** The menu icon picker: the icons the console's sidebar knows, each shown with its name. */
export function IconPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation('systemMenu');
  return (
    <Select
      allowClear
      showSearch
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      placeholder={t('field.iconPlaceholder')}
      options={MENU_ICON_NAMES.map((name) => ({
        value: name,
        label: (
          <Flex gap={8} align="center">
            {menuIcon(name, false)}
            <span>{name}</span>
          </Flex>
        ),
      }))}
      filterOption={(input, option) => String(option?.value ?? '').includes(input.toLowerCase())}
      data-testid="menu-icon"
    />
  );
}
