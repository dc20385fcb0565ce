/** Every cached wallet answer lives under this key, so a payment refreshes lists and statuses at once. */
export const walletKey = ['wallet'] as const;
