import { PAY_TYPE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  type SearchFormActions,
} from '../../../components/search-form';
import type { TopupSearchValues } from '../topup-filter';
import { TOPUP_STATUS_VALUES, payTypeName, topupStatusName } from '../topup-status';

export type TopupSearchFormProps = SearchFormActions<TopupSearchValues>;

/** Stablecoin first, as the top-up dialog offers them. */
const PAY_TYPE_VALUES = [PAY_TYPE.STABLECOIN, PAY_TYPE.FIAT];

/** The top-up statuses and pay types a search form offers, labelled (the operators' list too). */
export function useTopupFilterOptions() {
  const { t } = useTranslation('wallet');
  const statuses = TOPUP_STATUS_VALUES.map((value) => ({
    value,
    label: t(`status.${topupStatusName(value) ?? 'unknown'}`),
  }));
  const payTypes = PAY_TYPE_VALUES.map((value) => ({ value, label: t(`payType.${payTypeName(value)}`) }));
  return { statuses, payTypes };
}

/** The top-up records' search form: status, pay type and a date range. */
export function TopupSearchForm(actions: TopupSearchFormProps) {
  const { t } = useTranslation('wallet');
  const { statuses, payTypes } = useTopupFilterOptions();
  return (
    <SearchForm<TopupSearchValues> {...actions} fieldWidth={180} testId="topups-search">
      <SelectField
        name="status"
        label={t('records.status')}
        options={statuses}
        testId="topups-status-filter"
      />
      <SelectField
        name="payType"
        label={t('records.payType')}
        options={payTypes}
        testId="topups-pay-type-filter"
      />
      <DateRangeField label={t('records.time')} testId="topups-range" />
    </SearchForm>
  );
}
