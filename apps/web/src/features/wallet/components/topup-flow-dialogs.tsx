import { useState } from 'react';
import type { TopupOrderCreated } from '@cloudbay/contracts';
import { PaymentDialog } from './payment-dialog';
import { TopupDialog } from './topup-dialog';

export interface TopupFlowProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Top-up from start to end: the amount dialog, then the payment dialog of the order it created;
 * an expired order leads back to the amount dialog with the amount chosen before.
 */
export function TopupFlow({ open, onClose }: TopupFlowProps) {
  const [order, setOrder] = useState<TopupOrderCreated>();
  const [paying, setPaying] = useState(false);

  const startPayment = (created: TopupOrderCreated) => {
    setOrder(created);
    setPaying(true);
  };
  const closeAll = () => {
    setPaying(false);
    onClose();
  };

  return (
    <>
      <TopupDialog open={open && !paying} onCancel={closeAll} onCreated={startPayment} />
      {order ? (
        <PaymentDialog
          key={order.order_id}
          order={order}
          open={open && paying}
          onClose={closeAll}
          afterClose={() => setOrder(undefined)}
          onNewOrder={() => setPaying(false)}
        />
      ) : null}
    </>
  );
}
