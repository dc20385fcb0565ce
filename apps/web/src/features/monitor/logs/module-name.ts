import { OPER_MODULES, type OperModule } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';

const KNOWN = new Set<string>(OPER_MODULES);
const isKnown = (module: string): module is OperModule => KNOWN.has(module);

/**
 * The operation log's module in the reader's language (`module.system.user` …); a module from
 * before the titles existed (a raw route tag) is shown as it was recorded.
 */
export function useModuleName(): (module: string) => string {
  const { t } = useTranslation('monitorLogs');
  return (module) => (isKnown(module) ? t(`module.${module}`) : module);
}

/** Every module as a search-form option, by its translated name. */
export function useModuleOptions() {
  const name = useModuleName();
  return OPER_MODULES.map((value) => ({ value, label: name(value) }));
}
