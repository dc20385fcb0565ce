import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { ANTD_STYLE_MODULE, styleFunctionRanges, withoutStyleFunctions } from './antd-zero-runtime';

// The shape of antd's style modules, with a comment in Chinese as many have (offsets must be the
// string's, not UTF-8 bytes).
const STYLE_MODULE = `import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';
// 按钮的样式
const genSharedButtonStyle = token => ({ [token.componentCls]: { color: token.colorText } });
export const prepareComponentToken = token => ({ fontWeight: 400 });
export default genStyleHooks('Button', token => [genSharedButtonStyle(token)], prepareComponentToken, {
  unitless: { fontWeight: true }
});
export const Compact = genSubStyleComponent(['Button', 'compact'], genSharedButtonStyle, prepareComponentToken);
`;

describe('antd zero-runtime transform', () => {
  it('replaces the style functions of the hook factories and keeps the component tokens', () => {
    const ranges = styleFunctionRanges(parseAst(STYLE_MODULE) as never);
    expect(ranges.map(([start, end]) => STYLE_MODULE.slice(start, end))).toEqual([
      'token => [genSharedButtonStyle(token)]',
      'genSharedButtonStyle',
    ]);
    const output = withoutStyleFunctions(STYLE_MODULE, ranges);
    expect(output).toContain("genStyleHooks('Button', () => [], prepareComponentToken, {");
    expect(output).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken)");
    // What remains parses, and only the declaration of the style helper still names it.
    expect(() => parseAst(output)).not.toThrow();
    expect(output.match(/genSharedButtonStyle/g)).toHaveLength(1);
  });

  it("applies to antd's style modules only", () => {
    expect(ANTD_STYLE_MODULE.test('/repo/node_modules/antd/es/button/style/index.js')).toBe(true);
    expect(ANTD_STYLE_MODULE.test('/repo/node_modules/antd/es/button/style/compact.js')).toBe(true);
    expect(ANTD_STYLE_MODULE.test('/repo/node_modules/antd/es/_util/wave/style.js')).toBe(true);
    expect(ANTD_STYLE_MODULE.test('/repo/node_modules/antd/es/button/button.js')).toBe(false);
    expect(ANTD_STYLE_MODULE.test('/repo/node_modules/antd/es/theme/util/genStyleUtils.js')).toBe(false);
    expect(ANTD_STYLE_MODULE.test('/repo/apps/web/src/app/style/x.js')).toBe(false);
  });
});
