import { describe, expect, it } from 'vitest';
import { UNUSED_PARTS, replacementCode, usedParts } from './antd-unused-parts';

const features = (code: string) => usedParts(code).map((part) => part.feature);

describe('antd parts left out of the build', () => {
  it('finds a column filter or a card tab list in the source', () => {
    expect(features("const columns = [{ title: 'A', filters: [{ text: 'x', value: 1 }] }];")).toEqual([
      "Table's column filters",
    ]);
    expect(features('{ dataIndex: "a", filterDropdown: () => null }')).toEqual(["Table's column filters"]);
    expect(features('<Card tabList={tabs} />')).toEqual(["Card's tabList"]);
  });

  it('ignores the words in comments and in other names', () => {
    expect(features("/** The list's filters: what the form holds. */\nconst toBillFilter = 1;")).toEqual([]);
    expect(features('// filters: none\nconst activeFilters = {}; const filtersOpen = true;')).toEqual([]);
  });

  it("keeps the importer's other imports and throws where the dropped part would render", async () => {
    const code = replacementCode(
      UNUSED_PARTS[0]!,
      '/x/node_modules/antd/es/table/hooks/useFilter/FilterDropdown.js',
    );
    expect(code).toContain(
      'export { flattenKeys } from "/x/node_modules/antd/es/table/hooks/useFilter/FilterDropdown.js"',
    );
    const withoutKept = replacementCode(UNUSED_PARTS[1]!, '/x/tabs/index.js');
    const module = (await import(`data:text/javascript,${encodeURIComponent(withoutKept)}`)) as {
      default: () => unknown;
    };
    expect(() => module.default()).toThrow("Card's tabList are left out of this build");
  });
});
