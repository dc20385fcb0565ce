import { DictTag } from '../../../components/dict-tag';
import { useDict, type DictOption } from '../../../lib/dict-cache';

/** RuoYi's generic flag ('0' enabled, '1' disabled) with its dictionary's labels and colours. */
export function useStatusOptions(): DictOption[] {
  return useDict('sys_normal_disable').sys_normal_disable;
}

export function StatusTag({ value }: { value: string }) {
  return <DictTag options={useStatusOptions()} value={value} />;
}
