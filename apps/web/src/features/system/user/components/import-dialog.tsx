import { useState } from 'react';
import { Alert, App, Button, Checkbox, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { UserImportAnswer } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { SubmitDialog } from '../../shared/submit-dialog';
import { FileUpload } from '../../../../components/file-upload';
import { LazyTable } from '../../../../components/lazy-table';
import { useImportUsers } from '../api/users';

/**
 * Imports operators from the .xlsx template (RuoYi's import dialog): the file goes through the
 * upload checks first; a file with any bad row imports nothing and lists each row's problems.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('systemUser');
  const { message } = App.useApp();
  const [file, setFile] = useState('');
  const [updateSupport, setUpdateSupport] = useState(false);
  const [result, setResult] = useState<UserImportAnswer>();
  const run = useImportUsers();
  const close = () => {
    setFile('');
    setResult(undefined);
    onClose();
  };
  const template = async () => {
    const { exportFile } = await import('../../../../lib/download');
    await exportFile('/system/user/importTemplate', {}, 'user-import-template.xlsx');
  };
  const submit = () =>
    run.mutate(
      { file, updateSupport },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.errors.length === 0) {
            void message.success(t('importDone', { created: answer.created, updated: answer.updated }));
            close();
          }
        },
      },
    );

  return (
    <SubmitDialog
      open={open}
      title={t('importTitle')}
      onClose={close}
      testId="user-import-dialog"
      width={640}
      submitText={t('importSubmit')}
      onSubmit={submit}
      disabled={!file}
      loading={run.isPending}
      submitTestId="user-import-submit"
    >
      <FileUpload
        value={file}
        onChange={(value) => {
          setFile(value);
          setResult(undefined);
        }}
        limit={1}
        fileType={['xlsx']}
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Checkbox
          checked={updateSupport}
          onChange={(e) => setUpdateSupport(e.target.checked)}
          data-testid="user-import-update"
        >
          {t('importUpdate')}
        </Checkbox>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          onClick={() => void template()}
          data-testid="user-import-template"
        >
          {t('importTemplate')}
        </Button>
      </Flex>
      <Alert type="info" showIcon title={t('importRule')} />
      {result && result.errors.length > 0 ? (
        <>
          <Alert type="error" showIcon title={t('importFailed', { count: result.errors.length })} />
          <LazyTable<UserImportAnswer['errors'][number]>
            size="small"
            rowKey={(e) => `${e.row}-${e.field}`}
            dataSource={result.errors}
            pagination={result.errors.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { key: 'row', title: t('importRow'), dataIndex: 'row', width: 80 },
              {
                key: 'field',
                title: t('importField'),
                render: (_, e) => t(`importColumn.${e.field as 'email'}`),
              },
              { key: 'message', title: t('importMessage'), dataIndex: 'message' },
            ]}
            data-testid="user-import-errors"
          />
        </>
      ) : null}
    </SubmitDialog>
  );
}
