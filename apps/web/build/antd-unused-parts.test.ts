import { describe, expect, it } from 'vitest';
import { UNUSED_PARTS, replacementCode, usedParts, type UnusedPart } from './antd-unused-parts';

const features = (code: string) => usedParts(code).map((part) => part.feature);
const part = (feature: string, importer?: string): UnusedPart =>
  UNUSED_PARTS.find((entry) => entry.feature === feature && (!importer || entry.importer === importer))!;

describe('antd parts left out of the build', () => {
  it('finds a column filter, virtual scrolling or a card tab list in the source', () => {
    expect(features("const columns = [{ title: 'A', filters: [{ text: 'x', value: 1 }] }];")).toEqual([
      "Table's column filters",
    ]);
    expect(features('{ dataIndex: "a", filterDropdown: () => null }')).toEqual(["Table's column filters"]);
    expect(features('<Table\n  virtual\n  scroll={{ y: 400 }} />')).toEqual(["Table's virtual scrolling"]);
    expect(features('<Table virtual={true} />')).toEqual(["Table's virtual scrolling"]);
    expect(features('<Card tabList={tabs} />')).toEqual(["Card's tabList"]);
    const editable = ["Typography's editable", "Typography's edit icon"];
    expect(features('<Typography.Text editable>{name}</Typography.Text>')).toEqual(editable);
    expect(features('<Text editable={{ onChange: rename }} />')).toEqual(editable);
    expect(features('<Typography.Text copyable>{no}</Typography.Text>')).toEqual(["Typography's copyable"]);
  });

  it('ignores the words in comments, strings and other names', () => {
    expect(features("/** The list's filters: what the form holds. */\nconst toBillFilter = 1;")).toEqual([]);
    expect(features('// filters: none\nconst activeFilters = {}; const filtersOpen = true;')).toEqual([]);
    expect(features("import 'virtual:antd-styles.css';\n// the virtual list\n")).toEqual([]);
    expect(features('const editableRows = []; // editable: no')).toEqual([]);
    expect(features('<CopyableCode value={no} /> // copyable: no')).toEqual([]);
  });

  it("keeps the importer's other imports and throws where a dropped part would render", async () => {
    const filters = replacementCode(
      part("Table's column filters"),
      '/x/node_modules/antd/es/table/hooks/useFilter/FilterDropdown.js',
    );
    expect(filters).toContain(
      'export { flattenKeys } from "/x/node_modules/antd/es/table/hooks/useFilter/FilterDropdown.js"',
    );
    const tabs = replacementCode(part("Card's tabList"), '/x/tabs/index.js');
    const module = (await import(`data:text/javascript,${encodeURIComponent(tabs)}`)) as {
      default: () => unknown;
    };
    expect(() => module.default()).toThrow("Card's tabList are left out of this build");
  });

  it("defers Table's pager: the real one through React.lazy, its box meanwhile", () => {
    const code = replacementCode(part("Table's pager"), '/x/node_modules/antd/es/pagination/index.js');
    expect(code).toContain('lazy(() => import("/x/node_modules/antd/es/pagination/index.js"))');
    expect(code).toContain('h(Suspense, { fallback: placeholder(props) }, h(Real, props))');
  });

  it('replaces a helper import by its own code, for both of its importers', () => {
    for (const importer of ['button/style/token.js', 'tag/style/index.js']) {
      const code = replacementCode(part("the colour picker's isBright", importer), '/x/ColorPresets.js');
      expect(code).toContain('export const isBright');
      expect(code).not.toContain('/x/ColorPresets.js');
    }
  });
});
