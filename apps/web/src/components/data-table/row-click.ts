import type { MouseEvent } from 'react';

/** Row clicks, except inside a control of the row or from a portal of it (its open menu, a dialog). */
export function rowClick(e: MouseEvent<HTMLElement>, open: () => void) {
  const target = e.target as HTMLElement;
  if (!e.currentTarget.contains(target) || target.closest('button, a, input, select, textarea, [role="menuitem"]'))
    return;
  // Selecting text of a row (to copy a number) is not a click on it.
  if (window.getSelection()?.toString()) return;
  open();
}
