import { Button, Dropdown, type MenuProps } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, currentLanguageCode, isLanguageCode, setLanguage } from '../lib/i18n';

interface LanguageSwitchProps {
  /** Class of the language name beside the icon, e.g. to hide it on phones (the button keeps its label). */
  labelClassName?: string;
}

/** The zh / en dropdown of spec §2; choosing the other language saves it and reloads the page. */
export function LanguageSwitch({ labelClassName }: LanguageSwitchProps = {}) {
  const { t } = useTranslation();
  const current = currentLanguageCode();
  const items: MenuProps['items'] = LANGUAGE_CODES.map((code) => ({
    key: code,
    label: t(`language.${code}`),
    lang: code === 'zh' ? 'zh-CN' : 'en-US',
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isLanguageCode(key) && key !== current) setLanguage(key);
  };

  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [current], onClick }} trigger={['click']}>
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
      >
        <span className={labelClassName}>{t(`language.${current}`)}</span>
      </Button>
    </Dropdown>
  );
}
