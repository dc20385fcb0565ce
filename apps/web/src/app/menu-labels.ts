/**
 * Menus an operator made carry the name they typed (`meta.label`) instead of a title key. Each is
 * added to the running language's `route.named` strings and its node titled with that key, so every
 * place that translates titles (sidebar, tabs, breadcrumb, document title) shows it as typed.
 */
import type { RouterNode } from '@cloudbay/contracts';
import { i18n } from '../lib/i18n';

export function withMenuLabels(nodes: readonly RouterNode[]): RouterNode[] {
  return nodes.map((node) => {
    const children = node.children ? { children: withMenuLabels(node.children) } : {};
    if (!node.meta.label) return { ...node, ...children };
    const title = `route.named.${node.name}`;
    i18n.addResource(i18n.language, 'common', title, node.meta.label);
    return { ...node, meta: { ...node.meta, title }, ...children };
  });
}
