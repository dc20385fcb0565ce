/** The hidden data page of one dictionary type (RuoYi's /system/dict-data/index/{dictId}). */
export const DICT_DATA_ROUTE = '/system/dict-data/index/:dictId';
export const dictDataPath = (dictId: number) => `/system/dict-data/index/${dictId}`;
export const DICT_TYPES_PATH = '/system/dict';
