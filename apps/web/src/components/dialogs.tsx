import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

/**
 * A one-at-a-time dialog host. Mantine's Modal (with its focus-trap and scroll-lock libraries)
 * loads on the first dialog instead of in the initial bundle.
 */
export interface DialogSpec {
  title: string;
  render: (close: () => void) => ReactNode;
}

let current: DialogSpec | null = null;
/** What had focus when the dialog opened; it gets it back when the dialog closes (the modal unmounts at once, before it could). */
let returnFocus: HTMLElement | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const dialogs = {
  open(spec: DialogSpec) {
    if (!current) returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    current = spec;
    notify();
  },
  close() {
    current = null;
    notify();
    const back = returnFocus;
    returnFocus = null;
    // After the modal and its focus trap are gone; not if what had focus went away meanwhile (a deleted row).
    setTimeout(() => {
      if (back?.isConnected) back.focus();
    }, 0);
  },
};

const DialogModal = lazy(() => import('./dialog-modal'));

export function DialogHost() {
  const spec = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => current,
  );
  if (!spec) return null;
  return (
    <Suspense fallback={null}>
      <DialogModal title={spec.title} onClose={dialogs.close}>
        {spec.render(dialogs.close)}
      </DialogModal>
    </Suspense>
  );
}
