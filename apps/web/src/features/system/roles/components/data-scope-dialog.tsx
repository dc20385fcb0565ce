import { useState } from 'react';
import { Descriptions, Select } from 'antd';
import type { Role } from '@cloudbay/contracts';
import { DATA_SCOPE_CUSTOM, DATA_SCOPES, type DataScope } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../../components/action-dialog';
import { CheckableTree } from '../../shared/checkable-tree';
import { SaveFooter } from '../../shared/save-footer';
import { useRoleDeptTree, useSaveDataScope } from '../api/roles';

/** RuoYi's "数据权限" dialog: the role's data scope, and its departments with the custom scope. */
export function DataScopeDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation('systemRole');
  const [scope, setScope] = useState<DataScope>(role.dataScope);
  const [deptIds, setDeptIds] = useState<number[]>();
  const depts = useRoleDeptTree(role.roleId);
  const save = useSaveDataScope();

  const submit = async () => {
    await save.mutateAsync({
      roleId: role.roleId,
      dataScope: scope,
      deptIds: deptIds ?? depts.data?.checkedKeys ?? [],
    });
  };

  return (
    <ActionDialog
      open
      title={t('dataScope.title')}
      onClose={onClose}
      testId="data-scope"
      footer={<SaveFooter onCancel={onClose} onSave={submit} saving={save.isPending} testId="data-scope" />}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('field.roleName'), children: role.roleName },
          { key: 'key', label: t('field.roleKey'), children: role.roleKey },
          {
            key: 'scope',
            label: t('dataScope.scope'),
            children: (
              <Select<DataScope>
                value={scope}
                onChange={setScope}
                style={{ width: '100%' }}
                options={DATA_SCOPES.map((value) => ({ value, label: t(`dataScope.option.${value}`) }))}
                data-testid="data-scope-select"
              />
            ),
          },
        ]}
      />
      {scope === DATA_SCOPE_CUSTOM ? (
        <CheckableTree
          options={depts.data?.tree}
          initialChecked={depts.data?.checkedKeys ?? []}
          onChange={setDeptIds}
          testId="data-scope-depts"
        />
      ) : null}
    </ActionDialog>
  );
}
