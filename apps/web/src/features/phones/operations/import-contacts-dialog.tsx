import { Alert, Button, Flex, Form, Typography } from 'antd';
import type { ImportContactsResult } from '@cloudbay/contracts';
import { CONTACTS_FILE_TYPES, CONTACTS_MAX_ROWS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload';
import { useImportPhoneContacts } from '../api/phone-contacts';
import { PhoneTarget } from './phone-target';
import type { PhoneToolProps } from './tool-props';
import { ActionDialog } from '../../../components/action-dialog';
import { useStateFor } from './use-state-for';

/**
 * Contacts into one phone (POST /user/ph/phone/{id}/import_contacts): a .vcf or .csv uploaded
 * through /common/upload with the shared FileUpload, then imported; the count imported (and
 * skipped) is shown. Acts on `phones[0]`, which must be running.
 */
export function ImportContactsDialog({ phones, open, onClose }: PhoneToolProps) {
  const { t } = useTranslation('phoneOps');
  const [phone] = phones;
  // Starts over each time the dialog opens, or for another phone.
  const sessionKey = open ? phone?.id : null;
  const [file, setFile] = useStateFor(sessionKey, () => '');
  const [result, setResult] = useStateFor<ImportContactsResult | undefined>(sessionKey, () => undefined);
  const importing = useImportPhoneContacts();
  const runnable = phone?.actions.includes('import_contacts') ?? false;

  const submit = () => {
    if (!phone || file === '') return;
    importing.mutate({ phoneId: phone.id, file }, { onSuccess: setResult });
  };

  const footer = result ? (
    <Flex gap={8} justify="end">
      <Button
        onClick={() => {
          setFile('');
          setResult(undefined);
        }}
        data-testid="phone-contacts-again"
      >
        {t('contacts.again')}
      </Button>
      <Button type="primary" onClick={onClose} data-testid="phone-contacts-done">
        {t('contacts.done')}
      </Button>
    </Flex>
  ) : (
    <Flex gap={8} justify="end">
      <Button onClick={onClose}>{t('close')}</Button>
      <Button
        type="primary"
        onClick={submit}
        loading={importing.isPending}
        disabled={!runnable || file === ''}
        data-testid="phone-contacts-import"
      >
        {t('contacts.import')}
      </Button>
    </Flex>
  );

  return (
    <ActionDialog
      open={open}
      title={t('contacts.title')}
      onClose={onClose}
      footer={footer}
      testId="phone-contacts"
    >
      {phone ? (
        <>
          <PhoneTarget phone={phone} />
          {runnable ? null : (
            <Alert type="warning" showIcon title={t('notRunning')} data-testid="phone-contacts-not-running" />
          )}
          {result ? (
            <Alert
              type="success"
              showIcon
              data-testid="phone-contacts-result"
              title={t('contacts.result', { imported: result.imported })}
              description={
                result.skipped > 0 ? t('contacts.skipped', { skipped: result.skipped }) : undefined
              }
            />
          ) : (
            <>
              <Typography.Text type="secondary">{t('contacts.intro')}</Typography.Text>
              <Form layout="vertical" component="div">
                <Form.Item
                  label={t('contacts.file')}
                  extra={t('contacts.formats', { max: CONTACTS_MAX_ROWS })}
                  style={{ marginBottom: 0 }}
                >
                  <FileUpload
                    value={file}
                    onChange={(value) => setFile(value)}
                    limit={1}
                    fileType={CONTACTS_FILE_TYPES}
                    disabled={!runnable || importing.isPending}
                  />
                </Form.Item>
              </Form>
            </>
          )}
        </>
      ) : null}
    </ActionDialog>
  );
}
