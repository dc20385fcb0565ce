import { useQueryClient } from '@tanstack/react-query';
import { phonesKey } from '../../api/phones-keys';
import { AdbDialog } from '../../operations/adb-dialog';
import type { PhoneToolProps } from '../../operations/tool-props';

/** The ADB dialog as the list opens it: a switch refetches the phones (the row shows ADB's state). */
export function ListAdbDialog(props: PhoneToolProps) {
  const queryClient = useQueryClient();
  return (
    <AdbDialog {...props} onChanged={() => void queryClient.invalidateQueries({ queryKey: phonesKey })} />
  );
}
