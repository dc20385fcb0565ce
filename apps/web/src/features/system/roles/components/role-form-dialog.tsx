import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Radio, Skeleton } from 'antd';
import type { RoleDetail } from '@cloudbay/contracts';
import { ROLE_DEFAULT, ROLE_KEY_PATTERN } from '@cloudbay/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';
import { useDict } from '../../../../lib/dict-cache';
import { CheckableTree } from '../../shared/checkable-tree';
import { SaveFooter } from '../../shared/save-footer';
import { getRole, rolesKey, useRoleMenuTree, useSaveRole, type RoleForm } from '../api/roles';

export interface RoleFormDialogProps {
  /** The role to edit; undefined adds one. */
  roleId?: number;
  open: boolean;
  onClose: () => void;
}

/** Add or edit a role: name, key, order, status, menu permissions (checkable tree) and remark. */
export function RoleFormDialog({ roleId, open, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation('systemRole');
  const [form] = Form.useForm<Omit<RoleForm, 'menuIds'>>();
  const dicts = useDict('sys_normal_disable');
  const detail = useQuery({
    queryKey: [...rolesKey, 'detail', roleId],
    queryFn: () => getRole(roleId!),
    enabled: open && roleId !== undefined,
  });
  const menus = useRoleMenuTree(roleId, open);
  const save = useSaveRole();
  // The tree's choice; untouched, the role keeps the menus it has.
  const [menuIds, setMenuIds] = useState<number[]>();
  const role: RoleDetail | undefined = roleId === undefined ? undefined : detail.data;
  const ready = roleId === undefined || role !== undefined;
  const isCustomers = role?.roleKey === ROLE_DEFAULT;

  useEffect(() => {
    if (open && role) form.setFieldsValue(role);
  }, [open, role, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ ...values, menuIds: menuIds ?? menus.data?.checkedKeys ?? [], roleId });
  };

  return (
    <ActionDialog
      open={open}
      title={roleId === undefined ? t('form.addTitle') : t('form.editTitle')}
      onClose={onClose}
      width={620}
      testId="role-form"
      footer={
        <SaveFooter
          onCancel={onClose}
          onSave={submit}
          saving={save.isPending}
          disabled={!ready}
          testId="role-form"
        />
      }
    >
      {ready ? (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '96px' }}
          initialValues={{ roleSort: 0, status: '0', remark: '' }}
        >
          <Form.Item
            name="roleName"
            label={t('field.roleName')}
            rules={[{ required: true, whitespace: true, max: 50 }]}
          >
            <Input maxLength={50} placeholder={t('field.roleNamePlaceholder')} data-testid="role-name" />
          </Form.Item>
          <Form.Item
            name="roleKey"
            label={t('field.roleKey')}
            tooltip={t('field.roleKeyHint')}
            rules={[{ required: true, pattern: ROLE_KEY_PATTERN, message: t('field.roleKeyRule') }]}
          >
            <Input maxLength={50} disabled={isCustomers} placeholder="ops_viewer" data-testid="role-key" />
          </Form.Item>
          <Form.Item name="roleSort" label={t('field.roleSort')} rules={[{ required: true }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={t('field.status')}>
            <Radio.Group disabled={isCustomers}>
              {dicts.sys_normal_disable.map((option) => (
                <Radio key={option.value} value={option.value}>
                  {option.label}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('field.menus')}>
            <CheckableTree
              options={menus.data?.tree}
              initialChecked={menus.data?.checkedKeys ?? []}
              onChange={setMenuIds}
              testId="role-menus"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('field.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} rows={2} placeholder={t('field.remarkPlaceholder')} />
          </Form.Item>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </ActionDialog>
  );
}
