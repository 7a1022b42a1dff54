import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * `lazy()` whose code can be loaded before the first render. A server-rendered page whose code was
 * loaded first hydrates without suspending, so a tap React hydrates its part for (selective
 * hydration) finds the part whole and runs its handler; a suspended part would drop the tap
 * (decision 049). Rendered before its code is there, it is a plain `lazy()`.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once for each mounting: a switch from the lazy wrapper to the loaded code would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: Preloadable, preload };
}
