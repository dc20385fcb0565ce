import { describe, expect, it } from 'vitest';
import { iconModuleSource } from './antd-icons.ts';

describe('iconModuleSource', () => {
  it("replaces an icon module with the shared wrapper's call on its SVG data", () => {
    const source = iconModuleSource(
      '/repo/node_modules/@ant-design/icons/es/icons/HomeOutlined.js',
      '/app/antd-icon.ts',
    );
    expect(source).toContain("import svg from '@ant-design/icons-svg/es/asn/HomeOutlined';");
    expect(source).toContain('import { antdIcon } from "/app/antd-icon.ts";');
    expect(source).toContain('export default /*#__PURE__*/ antdIcon(svg);');
  });

  it("leaves the package's other modules and the CommonJS build alone", () => {
    for (const id of [
      '/repo/node_modules/@ant-design/icons/es/components/AntdIconLight.js',
      '/repo/node_modules/@ant-design/icons/es/icons/index.js',
      '/repo/node_modules/@ant-design/icons/lib/icons/HomeOutlined.js',
      '/repo/node_modules/@ant-design/icons-svg/es/asn/HomeOutlined.js',
    ]) {
      expect(iconModuleSource(id, '/app/antd-icon.ts')).toBeUndefined();
    }
  });
});
