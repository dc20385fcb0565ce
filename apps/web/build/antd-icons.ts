/**
 * @ant-design/icons ships each icon as a module of its own: the icon's SVG data, and a
 * `forwardRef` wrapper around the shared `AntdIcon` with its own copy of Babel's `_extends` helper,
 * about 600 bytes minified per icon. Rolldown keeps every copy, and as the icons a page uses are
 * spread over antd's page-set chunks, gzip cannot share them either: the console frame's 37 icons
 * carried ~23 KB of identical wrappers (6.8 KB gzip of the frame's first load). In the build each
 * icon module becomes one call of a single shared wrapper, `src/lib/antd-icon.ts`, which renders
 * exactly as the generated one does; the SVG data stays in @ant-design/icons-svg's module. Dev
 * server and tests use the package as published (build only).
 */
import type { Plugin } from 'vite';

/** An icon module of the package's ES build: `…/@ant-design/icons/es/icons/HomeOutlined.js`. */
const ICON_MODULE = /[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]([A-Z][A-Za-z0-9]*)\.js$/;

/** An icon module's replacement, calling `antdIcon` of `factoryPath`, or undefined for any other module. */
export function iconModuleSource(id: string, factoryPath: string): string | undefined {
  const name = ICON_MODULE.exec(id)?.[1];
  if (name === undefined) return undefined;
  return `import svg from '@ant-design/icons-svg/es/asn/${name}';
import { antdIcon } from ${JSON.stringify(factoryPath)};
export default /*#__PURE__*/ antdIcon(svg);
`;
}

/** `factoryPath`: the absolute path of src/lib/antd-icon.ts. */
export function antdIcons(factoryPath: string): Plugin {
  return {
    name: 'cloudbay:antd-icons',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return iconModuleSource(id, factoryPath) ?? null;
    },
  };
}
