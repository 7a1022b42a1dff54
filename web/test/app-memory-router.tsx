import { useContext, useMemo, type ReactNode } from "react";
import { MemoryRouter, UNSAFE_NavigationContext, useLocation, useNavigationType } from "react-router";
import { AppLocationContext, type AppNavigator, type AppRouting } from "../app/app-location";

/** The app's location (app/app-location.tsx) read from the react-router around it. */
function FromRouter({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const routing = useMemo<AppRouting>(() => ({ location, navigationType, navigator: navigator as AppNavigator }), [location, navigationType, navigator]);
  return <AppLocationContext value={routing}>{children}</AppLocationContext>;
}

/** For tests: react-router's `<MemoryRouter>`, with the app's own links and hooks moving it too. */
export function AppMemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={initialEntries}>
      <FromRouter>{children}</FromRouter>
    </MemoryRouter>
  );
}
