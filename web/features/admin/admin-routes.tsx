import { useAtomValue } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { NotFoundPage } from "../../components/not-found-page";
import { LoadingState } from "../../components/spinner";
import { it } from "../../i18n/it";
import { itAdmin } from "../../i18n/it-admin";
import { ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { LoginScreen } from "./auth/login-screen";
import { CalendarPage } from "./calendar/calendar-page";
import { AdminLayout } from "./components/admin-layout";
import { DashboardPage } from "./dashboard/dashboard-page";
import { CarouselPage } from "./partners/carousel-page";
import { PartnerCarouselPage } from "./partners/partner-carousel-page";
import { sessionQueryAtom } from "../../entities/staff/session";

// Its forms carry the shared zod schemas: loaded when the page is opened, not with every admin screen.
// uPlot comes with the charts' page only.
const ChartsPage = lazy(() => import("./charts/charts-page").then((m) => ({ default: m.ChartsPage })));
const SeasonsPage = lazy(() => import("./seasons/seasons-page").then((m) => ({ default: m.SeasonsPage })));

/** A page loaded when it is opened: its loading line until then. */
function Later({ loading, children }: { loading: string; children: ReactNode }) {
  return <Suspense fallback={<LoadingState text={loading} />}>{children}</Suspense>;
}

/** Any admin call answered 401 means the session ended (expired, revoked): back to the login screen. */
function useLogoutOnUnauthorized() {
  const queryClient = useAtomValue(queryClientAtom);
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(queryKeys.session, { authenticated: false });
    };
    const unsubQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error" && e.query.queryKey[0] !== queryKeys.session[0]) onError(e.action.error);
    });
    const unsubMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error") onError(e.action.error);
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [queryClient]);
}

/** Lazy entry of everything under /admin: a visitor's browser never downloads this chunk. */
export function AdminRoutes() {
  const session = useAtomValue(sessionQueryAtom);
  useLogoutOnUnauthorized();

  if (session.isPending) return <LoadingState text={it.common.loading} />;
  if (!session.data?.authenticated) return <LoginScreen />;
  // Gate staff have the gate screen only (its own route, outside the admin area).
  if (session.data.staff.role === "gate") return <Navigate to="/gate" replace />;

  return (
    <AdminLayout>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="partners" element={<PartnerCarouselPage />} />
        <Route path="partner-carousel" element={<PartnerCarouselPage />} />
        <Route path="carousel" element={<CarouselPage />} />
        <Route path="calendario" element={<CalendarPage />} />
        <Route path="abbonamenti" element={<Later loading={itAdmin.seasons.loading}><SeasonsPage /></Later>} />
        <Route path="statistiche" element={<Later loading={it.common.loading}><ChartsPage /></Later>} />
        <Route path="*" element={<NotFoundPage framed backTo="/admin" backLabel={itAdmin.backToAdmin} />} />
      </Routes>
    </AdminLayout>
  );
}
