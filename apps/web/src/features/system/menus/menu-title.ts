import type { Menu } from '@cloudbay/contracts';
import type { TFunction } from 'i18next';
import { titleKey } from '../../../app/generated-routes';

/** A menu's title on screen: the name an operator typed, else its seeded title translated. */
export function menuTitle(menu: Pick<Menu, 'menuName' | 'titleKey'>, t: TFunction): string {
  return menu.menuName || (menu.titleKey ? t(titleKey(menu.titleKey)) : '');
}
