/**
 * `node --import tsx scripts/auth-icons.ts`: writes apps/web/src/auth/icons.css, the sign-in pages'
 * icons as CSS mask images, from @ant-design/icons-svg for the names in src/auth/icons.ts.
 */
import { writeFileSync } from 'node:fs';
import { ICONS, iconsCss, loadIconDefinitions } from '../apps/web/src/auth/icons';

writeFileSync(
  new URL('../apps/web/src/auth/icons.css', import.meta.url),
  iconsCss(await loadIconDefinitions(ICONS)),
);
