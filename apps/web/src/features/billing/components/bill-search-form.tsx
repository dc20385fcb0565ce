import { BILL_AMOUNT_TYPES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import {
  DateRangeField,
  SearchForm,
  SelectField,
  type SearchFormActions,
} from '../../../components/search-form';
import type { DictOption } from '../../../lib/dict-cache';
import type { BillSearchValues } from '../bill-filter';

export interface BillSearchFormProps extends SearchFormActions<BillSearchValues> {
  /** The expense-type dictionary's entries. */
  expenseTypes: readonly DictOption[];
}

/** The bill list's search form: expense type, amount type and a date range. */
export function BillSearchForm({ expenseTypes, ...actions }: BillSearchFormProps) {
  const { t } = useTranslation('billing');
  const amountTypes = BILL_AMOUNT_TYPES.map((value) => ({ value, label: t(`amountType.${value}`) }));
  return (
    <SearchForm<BillSearchValues> {...actions} fieldWidth={200} testId="bill-search">
      <SelectField
        name="expenseType"
        label={t('filter.expenseType')}
        options={expenseTypes}
        testId="bill-expense-type"
      />
      <SelectField
        name="amountType"
        label={t('filter.amountType')}
        options={amountTypes}
        testId="bill-amount-type"
      />
      <DateRangeField label={t('filter.time')} testId="bill-range" />
    </SearchForm>
  );
}
