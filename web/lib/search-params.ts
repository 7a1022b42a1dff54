import { useCallback, useMemo } from "react";
import { useAppLocation, useAppNavigate } from "../app/app-location";

/**
 * react-router's `useSearchParams` for what the app does with it: read the query, set a new one
 * (push, or replace), on the app's own location, so the home carries none of react-router.
 */
export function useAppSearchParams() {
  const { search } = useAppLocation();
  const navigate = useAppNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: Record<string, string>, options?: { replace?: boolean }) => navigate(`?${new URLSearchParams(next)}`, options), [navigate]);
  return [params, setParams] as const;
}
