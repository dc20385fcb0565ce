import { LOG_STATUSES, OPER_BUSINESS_TYPES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  TextField,
  type SearchFormActions,
} from '../../../../components/search-form';
import type { LoginLogSearchValues, OperLogSearchValues } from '../log-filter';
import { useModuleOptions } from '../module-name';

function useStatusOptions() {
  const { t } = useTranslation('monitorLogs');
  return LOG_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
}

/** RuoYi's operation-log search: module, operator, type, status, operation time. */
export function OperLogSearchForm(actions: SearchFormActions<OperLogSearchValues>) {
  const { t } = useTranslation('monitorLogs');
  const types = OPER_BUSINESS_TYPES.map((value) => ({ value, label: t(`businessType.${value}`) }));
  return (
    <SearchForm<OperLogSearchValues> {...actions} fieldWidth={200} testId="operlog-search">
      <SelectField
        name="module"
        label={t('column.module')}
        options={useModuleOptions()}
        searchable
        testId="operlog-module"
      />
      <TextField
        name="email"
        label={t('column.account')}
        placeholder={t('filter.email')}
        maxLength={254}
        testId="operlog-email"
      />
      <SelectField
        name="businessType"
        label={t('column.businessType')}
        options={types}
        testId="operlog-type"
      />
      <SelectField
        name="status"
        label={t('column.status')}
        options={useStatusOptions()}
        testId="operlog-status"
      />
      <DateRangeField label={t('column.time')} testId="operlog-range" />
    </SearchForm>
  );
}

/** RuoYi's login-log search: address, account, status, login time. */
export function LoginLogSearchForm(actions: SearchFormActions<LoginLogSearchValues>) {
  const { t } = useTranslation('monitorLogs');
  return (
    <SearchForm<LoginLogSearchValues> {...actions} fieldWidth={200} testId="logininfor-search">
      <TextField
        name="ip"
        label={t('column.ip')}
        placeholder={t('filter.ip')}
        maxLength={64}
        testId="logininfor-ip"
      />
      <TextField
        name="email"
        label={t('column.email')}
        placeholder={t('filter.email')}
        maxLength={254}
        testId="logininfor-email"
      />
      <SelectField
        name="status"
        label={t('column.status')}
        options={useStatusOptions()}
        testId="logininfor-status"
      />
      <DateRangeField label={t('column.loginTime')} testId="logininfor-range" />
    </SearchForm>
  );
}
