/** The top-up records page (the server menu's `spending/topup`). */
export const TOPUPS_PATH = '/mesceter/topup';
/** The sandbox gateway's payer page: open to anyone holding the order number (its QR code). */
export const SANDBOX_PAY_ROUTE = '/pay/sandbox/:no';
