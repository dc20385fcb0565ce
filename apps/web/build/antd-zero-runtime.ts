/**
 * In production antd runs with `theme.zeroRuntime` (app/providers.tsx): its component styles come
 * from the stylesheet extracted at build time (antd-styles.ts) and the functions that would write
 * them at runtime are never called. They are still about a third of antd's code, and every page
 * would download them: this transform replaces the style function given to antd's style hooks
 * (`genStyleHooks(name, styleFn, prepareComponentToken, options)` and its two siblings) by one that
 * writes nothing, so tree-shaking drops the style code. The component-token functions stay: antd
 * still writes the token CSS variables at runtime, which the extracted rules read.
 */
import type { Plugin } from 'vite';

/** antd's style modules (`antd/es/<component>/style/*.js`, and the wave effect's). */
export const ANTD_STYLE_MODULE =
  /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:[^\\/]+[\\/]style[\\/][^\\/]+|_util[\\/]wave[\\/]style)\.js$/;

const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** The part of an ESTree node this module reads. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The source ranges of the style functions passed to antd's style hook factories in `program`. */
export function styleFunctionRanges(program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const styleFn = (node.arguments as Node[])[1];
      if (callee.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(callee.name as string) && styleFn) {
        ranges.push([styleFn.start, styleFn.end]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ranges;
}

/** `code` with each range replaced by a style function that writes nothing. */
export function withoutStyleFunctions(code: string, ranges: ReadonlyArray<[number, number]>): string {
  let result = code;
  for (const [start, end] of [...ranges].sort((a, b) => b[0] - a[0])) {
    result = `${result.slice(0, start)}() => []${result.slice(end)}`;
  }
  return result;
}

export function antdZeroRuntime(): Plugin {
  return {
    name: 'cloudbay:antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: ANTD_STYLE_MODULE },
      handler(code, id) {
        const ranges = styleFunctionRanges(this.parse(code) as unknown as Node);
        if (ranges.length === 0) return null;
        // The parser's offsets must be the string's: a module whose ranges do not start where a
        // function or a name does is left as it is (it only costs bytes).
        const plausible = ranges.every(([start]) => /^[\w(]/.test(code.slice(start, start + 1)));
        if (!plausible) {
          this.warn(`antd-zero-runtime: unexpected source ranges in ${id}, left unchanged`);
          return null;
        }
        return { code: withoutStyleFunctions(code, ranges), map: null };
      },
    },
  };
}
