import type { ReactNode } from 'react';
import { App, Button, ColorPicker, Divider, Drawer, Flex, Switch, Typography } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '@cloudbay/contracts/core';
import {
  NAV_TYPES,
  SIDE_THEMES,
  resetLayoutSettings,
  updateLayoutSettings,
  useLayoutSettings,
  type LayoutSettings,
} from '../../lib/layout-settings';
import styles from './shell.module.css';

/** The theme colour presets (spec §9: the default first). */
export const THEME_PRESETS = [
  { key: 'default', color: DEFAULT_THEME_COLOR },
  { key: 'geekblue', color: '#1677FF' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'orange', color: '#FA8C16' },
  { key: 'red', color: '#F5222D' },
  { key: 'purple', color: '#722ED1' },
  { key: 'magenta', color: '#EB2F96' },
] as const;

type Flag = 'tagsView' | 'tagsViewPersist' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';
const FLAGS: readonly Flag[] = ['tagsView', 'tagsViewPersist', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.settingsSection}>
      <Typography.Title level={5} className={styles.settingsHeading}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A small picture of a layout: where the sidebar and header are, and their shades. */
function LayoutPicture({
  sider,
  header,
  siderUnderHeader = false,
}: {
  sider: 'dark' | 'light' | 'none';
  header: 'dark' | 'light';
  siderUnderHeader?: boolean;
}) {
  return (
    <span className={styles.picture} data-under={siderUnderHeader || undefined} aria-hidden>
      <span className={styles.pictureHeader} data-tone={header} />
      {sider === 'none' ? null : <span className={styles.pictureSider} data-tone={sider} />}
    </span>
  );
}

interface TileOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
  picture: ReactNode;
}

/** A row of pictured choices, one of them selected (a radio group). */
function Tiles<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly TileOption<T>[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={styles.tiles}>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            title={option.hint ?? option.label}
            className={styles.tile}
            data-checked={checked || undefined}
            onClick={() => onChange(option.value)}
            data-testid={`${testId}-${option.value}`}
          >
            {option.picture}
            {checked ? <CheckOutlined className={styles.tileCheck} aria-hidden /> : null}
            <span className={styles.tileLabel}>{option.label}</span>
          </button>
        );
      })}
    </div>
  );
}

function ThemeColors({ value }: { value: string }) {
  const { t } = useTranslation('shell');
  const isPreset = THEME_PRESETS.some((preset) => preset.color === value);
  return (
    <Flex wrap gap={8} align="center" role="radiogroup" aria-label={t('settings.themeColor')}>
      {THEME_PRESETS.map((preset) => {
        const checked = preset.color === value;
        return (
          <button
            key={preset.key}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(`settings.colors.${preset.key}`)}
            title={t(`settings.colors.${preset.key}`)}
            className={styles.swatch}
            style={{ background: preset.color }}
            onClick={() => updateLayoutSettings({ themeColor: preset.color })}
            data-testid={`theme-color-${preset.key}`}
          >
            {checked ? <CheckOutlined aria-hidden /> : null}
          </button>
        );
      })}
      <ColorPicker
        size="small"
        value={value}
        disabledAlpha
        format="hex"
        presets={[]}
        onChangeComplete={(color) => updateLayoutSettings({ themeColor: color.toHexString() })}
      >
        <Button
          size="small"
          type={isPreset ? 'default' : 'primary'}
          aria-label={t('settings.customColor')}
          data-testid="theme-color-custom"
        >
          {t('settings.customColor')}
        </Button>
      </ColorPicker>
    </Flex>
  );
}

/**
 * The settings drawer (spec §2, gear in the header): theme colour, sidebar style, navigation type
 * and what the layout shows. Every change applies at once and is saved in `layout-setting`.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const settings = useLayoutSettings();
  const set = (patch: Partial<LayoutSettings>) => updateLayoutSettings(patch);

  const sideOptions = SIDE_THEMES.map((value) => ({
    value,
    label: t(`settings.sideThemes.${value}`),
    picture: <LayoutPicture sider={value} header="light" />,
  }));
  const navOptions = NAV_TYPES.map((value) => ({
    value,
    label: t(`settings.navTypes.${value}`),
    hint: t(`settings.navTypeHints.${value}`),
    picture: (
      <LayoutPicture
        sider={value === 'top' ? 'none' : settings.sideTheme}
        header={value === 'left' ? 'light' : 'dark'}
        siderUnderHeader={value === 'mixed'}
      />
    ),
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      placement="right"
      size={300}
      data-testid="settings-drawer"
      footer={
        <Flex vertical gap={8}>
          <Button
            block
            icon={<UndoOutlined />}
            onClick={() => {
              resetLayoutSettings();
              void message.success(t('settings.resetDone'));
            }}
            data-testid="settings-reset"
          >
            {t('settings.reset')}
          </Button>
          <Typography.Text type="secondary" className={styles.settingsHint}>
            {t('settings.autoSaved')}
          </Typography.Text>
        </Flex>
      }
    >
      <Section title={t('settings.themeColor')}>
        <ThemeColors value={settings.themeColor} />
      </Section>
      <Divider className={styles.settingsDivider} />
      <Section title={t('settings.sideTheme')}>
        <Tiles
          label={t('settings.sideTheme')}
          value={settings.sideTheme}
          options={sideOptions}
          onChange={(sideTheme) => set({ sideTheme })}
          testId="side-theme"
        />
      </Section>
      <Section title={t('settings.navType')}>
        <Tiles
          label={t('settings.navType')}
          value={settings.navType}
          options={navOptions}
          onChange={(navType) => set({ navType })}
          testId="nav-type"
        />
      </Section>
      <Divider className={styles.settingsDivider} />
      <Section title={t('settings.display')}>
        <Flex vertical gap={14}>
          {FLAGS.map((flag) => (
            <Flex key={flag} justify="space-between" align="center" gap={12}>
              <label htmlFor={`layout-${flag}`} className={styles.settingsLabel}>
                {t(`settings.${flag}`)}
                {flag === 'dynamicTitle' ? (
                  <Typography.Text type="secondary" className={styles.settingsHint}>
                    {t('settings.dynamicTitleHint')}
                  </Typography.Text>
                ) : null}
              </label>
              <Switch
                id={`layout-${flag}`}
                size="small"
                checked={settings[flag]}
                // Tags are kept only while there is a tags bar.
                disabled={flag === 'tagsViewPersist' && !settings.tagsView}
                onChange={(checked) => set({ [flag]: checked })}
                data-testid={`setting-${flag}`}
              />
            </Flex>
          ))}
        </Flex>
      </Section>
    </Drawer>
  );
}
