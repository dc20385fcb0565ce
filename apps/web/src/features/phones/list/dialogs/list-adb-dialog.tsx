import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { phonesKey } from '../../api/phones-keys';
import { AdbDialog } from '../../operations/adb-dialog';
import type { PhoneToolProps } from '../../operations/tool-props';

/** How often the list is asked again while the cloud is still switching ADB on. */
export const ADB_PENDING_REFRESH_MS = 2_000;

/**
 * The ADB dialog as the list opens it: a switch refetches the phones (the row and the dialog show
 * ADB's state from the list). When the cloud has not confirmed the address yet, the list is asked
 * again every few seconds until the address shows or the dialog closes.
 */
export function ListAdbDialog(props: PhoneToolProps) {
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState(false);
  const phone = props.phones[0];
  const pending = awaiting && props.open && phone?.status === 'running' && !phone.adb_address;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: phonesKey });

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: phonesKey }),
      ADB_PENDING_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [pending, queryClient]);

  return (
    <AdbDialog
      {...props}
      onChanged={(changed, action) => {
        setAwaiting(action === 'enable' && !changed.adb_address);
        refetch();
      }}
    />
  );
}
