import { useAtomValue } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import { useEffect } from "react";
import { Link, Route, Routes } from "react-router";
import { it } from "../../i18n/it";
import { itAdmin } from "../../i18n/it-admin";
import { ApiError } from "../../lib/api";
import { LoginScreen } from "./auth/login-screen";
import { CalendarPage } from "./calendar/calendar-page";
import { AdminLayout } from "./components/admin-layout";
import { Spinner } from "./components/ui";
import { DashboardPage } from "./dashboard/dashboard-page";
import { CarouselPage } from "./partners/carousel-page";
import { PartnerCarouselPage } from "./partners/partner-carousel-page";
import { SESSION_KEY, sessionQueryAtom } from "./queries";

/** Any admin call answered 401 means the session ended (expired, revoked): back to the login screen. */
function useLogoutOnUnauthorized() {
  const queryClient = useAtomValue(queryClientAtom);
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(SESSION_KEY, { authenticated: false });
    };
    const unsubQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error" && e.query.queryKey[0] !== SESSION_KEY[0]) onError(e.action.error);
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

function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{it.notFound.title}</h1>
      <p className="mt-2 text-slate-600">{it.notFound.hint}</p>
      <Link to="/admin" className="mt-6 inline-block text-indigo-700 underline">
        {itAdmin.partners.back}
      </Link>
    </div>
  );
}

/** Lazy entry of everything under /admin: a visitor's browser never downloads this chunk. */
export function AdminRoutes() {
  const session = useAtomValue(sessionQueryAtom);
  useLogoutOnUnauthorized();

  if (session.isPending) return <Spinner label={it.common.loading} />;
  if (!session.data?.authenticated) return <LoginScreen />;

  return (
    <AdminLayout>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="partners" element={<PartnerCarouselPage />} />
        <Route path="partner-carousel" element={<PartnerCarouselPage />} />
        <Route path="carousel" element={<CarouselPage />} />
        <Route path="calendario" element={<CalendarPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminLayout>
  );
}
