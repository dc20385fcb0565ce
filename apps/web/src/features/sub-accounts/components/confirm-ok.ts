import type { ButtonProps } from 'antd';

/** The OK button of this feature's confirm boxes: red for what cannot be undone, and a test id. */
export const confirmOk = (danger = true) => ({ danger, 'data-testid': 'confirm-ok' }) as ButtonProps;
