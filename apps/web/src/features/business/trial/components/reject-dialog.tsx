import type { TrialApplication } from '@cloudbay/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonDialog, type ReasonDialogText } from '../../shared/reason-dialog';
import { useDecideTrial } from '../api/trial-api';

/** Rejects an application with the reason its customer will read. */
export function RejectTrialDialog({
  open,
  application,
  onClose,
}: {
  open: boolean;
  application: TrialApplication | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessTrial');
  const decide = useDecideTrial();
  return (
    <ReasonDialog<{ reason: string }>
      open={open && application !== undefined}
      text={(key: ReasonDialogText) => t(`reject.${key}`)}
      run={(values) => decide.mutateAsync({ id: application!.id, action: 'reject', reason: values.reason })}
      pending={decide.isPending}
      onClose={onClose}
      testId="trial-reject"
    >
      {() =>
        application ? (
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'email', label: t('customer'), children: application.email },
              { key: 'contact', label: t('contact'), children: application.contact },
            ]}
          />
        ) : null
      }
    </ReasonDialog>
  );
}
