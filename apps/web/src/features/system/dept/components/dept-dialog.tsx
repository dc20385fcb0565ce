import { useEffect, useMemo } from 'react';
import { App, Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import type { Dept, DeptBody } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { handleTree } from '../../../../lib/tree';
import { useStatusOptions } from '../../shared/status';
import { SubmitDialog } from '../../shared/submit-dialog';
import { useDeptParents, useSaveDept } from '../api/depts';

export interface DeptDialogProps {
  open: boolean;
  /** The department to edit; absent, a new one under `parentId`. */
  dept?: Dept;
  parentId?: number;
  onClose: () => void;
}

type Values = Required<DeptBody>;

/** Adds or edits a department; the parent choices leave out the edited one's own subtree. */
export function DeptDialog({ open, dept, parentId, onClose }: DeptDialogProps) {
  const { t } = useTranslation('systemDept');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveDept();
  const parents = useDeptParents(dept?.deptId, open);
  const statuses = useStatusOptions();
  const treeData = useMemo(
    () =>
      handleTree(
        (parents.data ?? []).map((d) => ({
          id: d.deptId,
          parentId: d.parentId,
          value: d.deptId,
          title: d.deptName,
        })),
      ),
    [parents.data],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      dept
        ? { ...dept }
        : {
            parentId: parentId ?? 0,
            deptName: '',
            orderNum: 0,
            leader: '',
            phone: '',
            email: '',
            status: '0',
          },
    );
  }, [open, dept, parentId, form]);

  const submit = (values: Values) =>
    save.mutate(
      { ...values, deptName: values.deptName.trim(), deptId: dept?.deptId },
      {
        onSuccess: () => {
          void message.success(dept ? t('saved') : t('createdMessage'));
          onClose();
        },
      },
    );

  return (
    <SubmitDialog
      open={open}
      title={dept ? t('editTitle') : t('addTitle')}
      onClose={onClose}
      testId="dept-dialog"
      width={640}
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={save.isPending}
      submitTestId="dept-save"
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="parentId"
          label={t('parent')}
          rules={[{ required: true, message: t('parentRequired') }]}
        >
          <TreeSelect
            treeData={[{ value: 0, title: t('topLevel'), children: treeData }]}
            treeDefaultExpandAll
            loading={parents.isPending}
            showSearch
            treeNodeFilterProp="title"
            data-testid="dept-parent"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="deptName"
              label={t('name')}
              rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
            >
              <Input maxLength={30} data-testid="dept-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="orderNum"
              label={t('order')}
              rules={[{ required: true, message: t('orderRequired') }]}
            >
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="leader" label={t('leader')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('phone')}
              rules={[{ pattern: /^[0-9+\-() ]{0,20}$/, message: t('phoneInvalid') }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('email')}
              rules={[{ type: 'email', message: t('emailInvalid') }]}
            >
              <Input maxLength={254} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('status')}>
              <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SubmitDialog>
  );
}
