/** The top-up records page (the server menu's `spending/topup`). */
export const TOPUPS_PATH = '/mesceter/topup';
/** The sandbox gateway's payer page: open without a session through the order's signed link (its QR code). */
export const SANDBOX_PAY_ROUTE = '/pay/sandbox/:no';
