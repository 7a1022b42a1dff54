import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * react-router's `useSearchParams` for what the app does with it: read the query, set a new one
 * (push, or replace). Not the router's own hook: its module also holds `<Link>`, `<Form>` and their
 * framework-mode prefetching, which the bundler keeps whenever anything of that module is used.
 */
export function useAppSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: Record<string, string>, options?: { replace?: boolean }) => navigate(`?${new URLSearchParams(next)}`, options), [navigate]);
  return [params, setParams] as const;
}
