/**
 * Fails the build when output chunks import each other statically (see noChunkCycles).
 */
import type { Plugin } from 'vite';

/** A cycle of chunks that import each other statically, or undefined. */
function findChunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (chunk: string): string[] | undefined => {
    if (state.get(chunk) === 'done') return undefined;
    if (state.get(chunk) === 'visiting') return [...trail.slice(trail.indexOf(chunk)), chunk];
    state.set(chunk, 'visiting');
    trail.push(chunk);
    for (const imported of imports.get(chunk) ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(chunk, 'done');
    return undefined;
  };
  for (const chunk of imports.keys()) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Fails the build when chunks import each other. ES modules tolerate the cycle, but the chunks'
 * code then runs in an order nobody chose, and antd's modules ran before what they extend (a blank
 * console: "Cannot set properties of undefined (setting 'useModal')"). Better a failed build.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'cloudbay:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const cycle = findChunkCycle(imports);
      if (cycle) this.error(`chunks import each other: ${cycle.join(' → ')}`);
    },
  };
}
