import { Component, type ReactNode } from "react";
import { Button } from "../components/button";
import { cardClass } from "../components/card";
import { useT } from "../i18n/lang";

/** A route's code or data that failed to load: a chunk lost to a new deploy or a dropped signal. */
const isLoadFailure = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message);

function RouteError({ onRetry }: { onRetry: () => void }) {
  const tr = useT();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <div role="alert" className={`${cardClass} w-full max-w-md p-8`}>
        <h1 className="text-2xl font-bold text-slate-900">{tr.routeError.title}</h1>
        <p className="mt-4 text-sm text-slate-600">{tr.routeError.hint}</p>
        <Button className="mt-6" onClick={onRetry}>
          {tr.routeError.retry}
        </Button>
      </div>
    </main>
  );
}

/**
 * One per route: a screen that throws shows "something went wrong" with a retry in the visitor's
 * language, and the rest of the site keeps working. A chunk that failed to load is fetched again by
 * reloading the page (React keeps a failed lazy import failed); any other error re-renders the route.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error("route failed", error);
  }

  retry = () => {
    if (isLoadFailure(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  render() {
    return this.state.error ? <RouteError onRetry={this.retry} /> : this.props.children;
  }
}
