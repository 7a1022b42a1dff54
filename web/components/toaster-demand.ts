// The toaster mounts with the first toast, not on every page load: react-hot-toast and the toaster's
// frame are ≈ 8 KB gzip that a visitor who is never toasted would fetch for nothing (issue #26).
// A toast made before the toaster mounts waits in react-hot-toast's store and shows when it does.
let wanted = false;
const listeners = new Set<() => void>();

/** Said by notify on every toast: mounts the toaster if it is not there yet. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterWanted = (): boolean => wanted;
