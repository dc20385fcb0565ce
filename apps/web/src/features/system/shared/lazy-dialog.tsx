import type { ComponentProps, ComponentType } from 'react';
import { LoadingDialog, lazyPart } from '../../../lib/lazy-part';

// Any props: the dialog's own type is recovered from the module with ComponentProps below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDialog = ComponentType<any>;

/**
 * A list page's add / edit dialog (antd's Form and its inputs) whose code loads on demand: the
 * named export `name` of the module `load` imports, taking `open` and `onClose`. It is prefetched
 * once the page is idle; opened before that, antd's loading dialog (closable) holds its place.
 */
export function lazyDialog<M extends Record<K, AnyDialog>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const Part = lazyPart(load, name);
  function Dialog(props: ComponentProps<M[K]> & { open: boolean; onClose: () => void }) {
    return (
      <Part
        {...props}
        when={props.open}
        fallback={<LoadingDialog open={props.open} onCancel={props.onClose} />}
      />
    );
  }
  Dialog.displayName = `LazyDialog(${name})`;
  Dialog.prefetch = Part.prefetch;
  return Dialog;
}
