import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code is downloaded the first time it opens (then it stays mounted, so it closes with
 * its transition). For the dialogs a screen rarely opens: they stay out of the screen's first load.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, as React.lazy is
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
