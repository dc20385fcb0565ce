/** Dictionary and settings constants the web forms share with the schemas (zod-free). */

/** antd tag colours a dictionary entry may name in `listClass` ('default' and '' mean plain). */
export const DICT_LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger', ''] as const;

/** A dictionary type key: lower-case letters, digits and underscores, starting with a letter. */
export const DICT_TYPE_KEY = /^[a-z][a-z0-9_]{0,99}$/;

/** A setting key (sys_configs.key), as GET /config/{key} accepts it. */
export const CONFIG_KEY = /^[A-Za-z0-9_.-]{1,100}$/;
