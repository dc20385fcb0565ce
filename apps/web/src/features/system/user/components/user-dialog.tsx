import { useEffect, useMemo } from 'react';
import { App, Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import type { SysUser, SysUserDetail } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import {
  commonPasswordProblem,
  emailProblem,
  newPasswordProblem,
  nicknameProblem,
} from '../../../account/validators';
import { useIntentKeys } from '../../../../lib/idempotency';
import { useDeptTree } from '../../dept/api/depts';
import { useStatusOptions } from '../../shared/status';
import { SubmitDialog } from '../../shared/submit-dialog';
import { useSaveUser, useUserForm } from '../api/users';
import type { DeptTreeNode } from '@cloudbay/contracts';

interface Values {
  email: string;
  nickname: string;
  password?: string;
  deptId: number | null;
  postIds: number[];
  roleIds: number[];
  status: '0' | '1';
  remark: string;
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toTreeSelect = (nodes: DeptTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.label,
    ...(n.children ? { children: toTreeSelect(n.children) } : {}),
  }));

/** Creates an operator (password by the sign-up rule) or edits an account. */
export function UserDialog({
  open,
  user,
  deptId,
  onClose,
}: {
  open: boolean;
  user?: SysUser;
  deptId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('systemUser');
  const { t: ta } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useUserForm(user?.userId, open);
  const depts = useDeptTree();
  const save = useSaveUser();
  const intents = useIntentKeys();
  const statuses = useStatusOptions();
  const treeData = useMemo(() => toTreeSelect(depts.data ?? []), [depts.data]);
  const detail = options.data && 'user' in options.data ? (options.data as SysUserDetail) : undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!user) {
      form.setFieldsValue({ deptId: deptId ?? null, postIds: [], roleIds: [], status: '0', remark: '' });
    } else if (detail) {
      const u = detail.user;
      form.setFieldsValue({
        email: u.email,
        nickname: u.nickname,
        deptId: u.deptId,
        postIds: detail.postIds,
        roleIds: detail.roleIds,
        status: u.status,
        remark: u.remark,
      });
    }
  }, [open, user, deptId, detail, form]);

  const submit = (values: Values) => {
    const fields = {
      nickname: values.nickname.trim(),
      deptId: values.deptId ?? null,
      postIds: values.postIds,
      roleIds: values.roleIds,
      status: values.status,
      remark: values.remark?.trim() ?? '',
    };
    const done = () => {
      void message.success(user ? t('saved') : t('createdMessage'));
      onClose();
    };
    if (user) {
      save.mutate(
        { update: { ...fields, userId: user.userId, email: values.email.trim() } },
        { onSuccess: done },
      );
      return;
    }
    const create = { ...fields, email: values.email.trim(), password: values.password ?? '' };
    save.mutate(
      { create, key: intents.keyFor(create) },
      {
        onSuccess: () => (intents.settle(create), done()),
        onError: (error) => intents.settle(create, error),
      },
    );
  };

  const validator = (check: (value: string) => string | undefined | Promise<string | undefined>) => ({
    validator: async (_: unknown, value: string) => {
      const problem = await check(value ?? '');
      if (problem) throw new Error(problem);
    },
  });

  return (
    <SubmitDialog
      open={open}
      title={user ? t('editTitle') : t('addTitle')}
      onClose={onClose}
      testId="user-dialog"
      width={680}
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={save.isPending}
      disabled={Boolean(user) && !detail}
      submitTestId="user-save"
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="nickname"
              label={t('nickname')}
              rules={[validator((v) => nicknameProblem(ta, v))]}
            >
              <Input maxLength={30} data-testid="user-nickname" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="deptId" label={t('dept')}>
              <TreeSelect
                treeData={treeData}
                treeDefaultExpandAll
                allowClear
                showSearch
                treeNodeFilterProp="title"
                placeholder={t('deptPlaceholder')}
                data-testid="user-dept"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('email')} rules={[validator((v) => emailProblem(ta, v))]}>
              <Input maxLength={254} autoComplete="off" data-testid="user-email" />
            </Form.Item>
          </Col>
          {user ? null : (
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t('password')}
                rules={[validator((v) => newPasswordProblem(ta, v) ?? commonPasswordProblem(ta, v))]}
              >
                <Input.Password maxLength={64} autoComplete="new-password" data-testid="user-password" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="postIds" label={t('posts')}>
              <Select
                mode="multiple"
                allowClear
                loading={options.isPending}
                options={(options.data?.posts ?? []).map((p) => ({
                  value: p.postId,
                  label: p.postName,
                  disabled: p.status === '1',
                }))}
                data-testid="user-posts"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="roleIds" label={t('roles')}>
              <Select
                mode="multiple"
                allowClear
                loading={options.isPending}
                optionFilterProp="label"
                options={(options.data?.roles ?? []).map((r) => ({
                  value: r.roleId,
                  label: r.roleName,
                  disabled: r.status === '1',
                }))}
                data-testid="user-roles"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('status')}>
              <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')}>
              <Input.TextArea maxLength={500} rows={2} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SubmitDialog>
  );
}
