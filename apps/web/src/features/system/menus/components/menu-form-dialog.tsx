import { useMemo, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, TreeSelect, type FormItemProps } from 'antd';
import type { Menu, MenuType } from '@cloudbay/contracts';
import { parseRouteQuery } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';
import { handleTree } from '../../../../lib/tree';
import { useSaveMenu, type MenuForm } from '../api/menus';
import { menuTitle } from '../menu-title';
import { SaveFooter } from '../../shared/save-footer';
import { IconPicker } from './icon-picker';

/** How a directory or page opens: a console route, a link in a new tab, or a link inside the console. */
type LinkKind = 'route' | 'external' | 'inner';
/** The web's component key of pages shown in a frame inside the console. */
const INNER_LINK = 'InnerLink';

type FormValues = Omit<MenuForm, 'link'> & { linkKind: LinkKind; link: string };

function formOf(menu: Menu): FormValues {
  const linkKind: LinkKind = menu.component === INNER_LINK ? 'inner' : menu.link ? 'external' : 'route';
  return { ...menu, linkKind, component: linkKind === 'inner' ? '' : menu.component };
}

function bodyOf({ linkKind, ...values }: FormValues): MenuForm {
  // Route parameters belong to the console's own pages, not to links.
  if (linkKind === 'inner') return { ...values, component: INNER_LINK, query: '' };
  if (linkKind === 'external') return { ...values, component: '', query: '' };
  return { ...values, link: '' };
}

/** A field in half the dialog's width (all of it on a phone). */
function HalfField({
  children,
  ...item
}: Pick<FormItemProps, 'name' | 'label' | 'tooltip' | 'rules'> & { children: ReactNode }) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

export interface MenuFormDialogProps {
  /** The menu to edit, or the new menu's parent (0: top level). */
  target: { menu: Menu } | { parentId: number };
  menus: readonly Menu[];
  onClose: () => void;
}

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

/** Add or edit a directory, page or button, with the fields RuoYi shows for each type. */
export function MenuFormDialog({ target, menus, onClose }: MenuFormDialogProps) {
  const { t } = useTranslation('systemMenu');
  const { t: tCommon } = useTranslation();
  const editing = 'menu' in target ? target.menu : undefined;
  const [form] = Form.useForm<FormValues>();
  const menuType = Form.useWatch('menuType', form) ?? editing?.menuType ?? 'M';
  const linkKind = Form.useWatch('linkKind', form) ?? 'route';
  const save = useSaveMenu();

  // Directories and pages may hold children; a menu cannot move under itself.
  const parents = useMemo(() => {
    const candidates = menus.filter((m) => m.menuType !== 'F' && m.menuId !== editing?.menuId);
    const toOption = (node: Menu & { children?: Menu[] }): ParentOption => ({
      value: node.menuId,
      title: menuTitle(node, tCommon),
      ...(node.children ? { children: node.children.map(toOption) } : {}),
    });
    const tree = handleTree(candidates as unknown as Record<string, unknown>[], 'menuId', 'parentId');
    return [
      {
        value: 0,
        title: t('field.root'),
        children: (tree as unknown as (Menu & { children?: Menu[] })[]).map(toOption),
      },
    ];
  }, [menus, editing, t, tCommon]);

  const initialValues: Partial<FormValues> = editing
    ? formOf(editing)
    : {
        parentId: 'parentId' in target ? target.parentId : 0,
        menuType: 'M',
        linkKind: 'route',
        orderNum: 0,
        visible: '0',
        status: '0',
        isCache: '0',
      };

  const submit = async () => {
    const values = await form.validateFields();
    const body = bodyOf({ ...initialValues, ...values } as FormValues);
    await save.mutateAsync(editing ? { ...body, menuId: editing.menuId } : body);
  };

  const isButton = menuType === 'F';
  const isPage = menuType === 'C';
  const flagOptions = (yes: string, no: string) => [
    { value: '0', label: yes },
    { value: '1', label: no },
  ];

  return (
    <ActionDialog
      open
      width={720}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      testId="menu-form"
      footer={<SaveFooter onCancel={onClose} onSave={submit} saving={save.isPending} testId="menu-form" />}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="parentId" label={t('field.parent')}>
              <TreeSelect
                treeData={parents}
                treeDefaultExpandedKeys={[0]}
                showSearch
                treeNodeFilterProp="title"
                data-testid="menu-parent"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="menuType" label={t('field.menuType')}>
              <Radio.Group data-testid="menu-type">
                {(['M', 'C', 'F'] as MenuType[]).map((type) => (
                  <Radio key={type} value={type} data-testid={`menu-type-${type}`}>
                    {t(`type.${type}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          {isButton ? null : (
            <Col span={24}>
              <Form.Item name="icon" label={t('field.icon')}>
                <IconPicker />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="menuName"
              label={t('field.menuName')}
              tooltip={t('field.menuNameHint')}
              rules={[{ required: !editing?.titleKey, whitespace: true, max: 50 }]}
            >
              <Input
                maxLength={50}
                placeholder={
                  editing?.titleKey ? menuTitle({ menuName: '', titleKey: editing.titleKey }, tCommon) : ''
                }
                data-testid="menu-name"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="orderNum" label={t('field.orderNum')} rules={[{ required: true }]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {isButton ? null : (
            <>
              <Col xs={24} sm={12}>
                <Form.Item name="linkKind" label={t('field.linkKind')} tooltip={t('field.linkKindHint')}>
                  <Radio.Group>
                    <Radio value="route">{t('link.route')}</Radio>
                    <Radio value="external">{t('link.external')}</Radio>
                    {isPage ? <Radio value="inner">{t('link.inner')}</Radio> : null}
                  </Radio.Group>
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="path"
                  label={t('field.path')}
                  tooltip={t('field.pathHint')}
                  rules={[{ required: true, whitespace: true, max: 200 }]}
                >
                  <Input
                    maxLength={200}
                    placeholder={isPage ? 'partners' : '/partners'}
                    data-testid="menu-path"
                  />
                </Form.Item>
              </Col>
              {linkKind === 'route' ? null : (
                <Col span={24}>
                  <Form.Item
                    name="link"
                    label={t('field.link')}
                    rules={[{ required: true, whitespace: true, max: 255 }]}
                  >
                    <Input maxLength={255} placeholder="https://" data-testid="menu-link" />
                  </Form.Item>
                </Col>
              )}
            </>
          )}
          {isPage && linkKind === 'route' ? (
            <HalfField
              name="component"
              label={t('field.component')}
              tooltip={t('field.componentHint')}
              rules={[{ required: true, whitespace: true, max: 200 }]}
            >
              <Input maxLength={200} placeholder="system/user" data-testid="menu-component" />
            </HalfField>
          ) : null}
          {menuType === 'M' ? null : (
            <HalfField
              name="perms"
              label={t('field.perms')}
              tooltip={t('field.permsHint')}
              rules={[
                {
                  pattern: /^([A-Za-z0-9_-]+(:[A-Za-z0-9_*-]+)*)?$/,
                  max: 100,
                  message: t('field.permsRule'),
                },
              ]}
            >
              <Input maxLength={100} placeholder="system:user:list" data-testid="menu-perms" />
            </HalfField>
          )}
          {isPage && linkKind === 'route' ? (
            <HalfField
              name="query"
              label={t('field.query')}
              tooltip={t('field.queryHint')}
              rules={[
                {
                  // The server's rule (a JSON object of strings and numbers), said before it is asked.
                  validator: async (_, value?: string) => {
                    if (parseRouteQuery(value ?? '') === undefined) throw new Error(t('field.queryRule'));
                  },
                },
              ]}
            >
              <Input maxLength={255} placeholder='{"id": 1}' data-testid="menu-query" />
            </HalfField>
          ) : null}
          {isButton ? null : (
            <Col xs={24} sm={12}>
              <Form.Item name="visible" label={t('field.visible')} tooltip={t('field.visibleHint')}>
                <Radio.Group options={flagOptions(t('flag.shown'), t('flag.hidden'))} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('field.status')} tooltip={t('field.statusHint')}>
              <Radio.Group options={flagOptions(t('flag.enabled'), t('flag.disabled'))} />
            </Form.Item>
          </Col>
          {isPage ? (
            <Col xs={24} sm={12}>
              <Form.Item name="isCache" label={t('field.isCache')} tooltip={t('field.isCacheHint')}>
                <Radio.Group options={flagOptions(t('flag.cached'), t('flag.notCached'))} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </ActionDialog>
  );
}
