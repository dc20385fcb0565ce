/**
 * `node --import tsx scripts/auth-icons.ts`: writes apps/web/src/auth/icon-paths.ts, the path data
 * of the sign-in pages' icons, from @ant-design/icons-svg for the names in src/auth/icons.ts
 * (formatted as the repository's prettier settings say).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { ICONS, iconsModule, loadIconDefinitions } from '../apps/web/src/auth/icons';

const target = fileURLToPath(new URL('../apps/web/src/auth/icon-paths.ts', import.meta.url));
const source = iconsModule(await loadIconDefinitions(ICONS));
const options = await prettier.resolveConfig(target);
writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
