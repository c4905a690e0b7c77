// What Mantine's ScrollArea imports from @floating-ui/react, in a module of its own (vite.config.ts
// resolves ScrollArea's import here). That package is one module, and a chunk holds whole modules:
// through ScrollArea (the chat's message list, the session list) the whole positioning library
// came into the initial load although only the popovers and tooltips loaded later use it.
// useMergeRefs as in @floating-ui/react 0.27 (MIT).
import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const refCleanup = ref(instance);
          return typeof refCleanup === 'function' ? refCleanup : () => ref(null);
        }
        (ref as { current: Instance | null }).current = instance;
        return () => {
          (ref as { current: Instance | null }).current = null;
        };
      });
      return () => cleanups.forEach((refCleanup) => refCleanup?.());
    },
    // The refs are the dependencies, as in the original.
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    refs,
  );
}
