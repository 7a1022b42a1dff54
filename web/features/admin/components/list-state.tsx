import type { ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";

type QueryState<T> = { isPending: boolean; isError: boolean; data: T[] | undefined };

/** An admin list's loading, failure and empty states, then its rows. */
export function ListState<T>({ query, empty, children }: { query: QueryState<T>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <LoadingState text={it.common.loading} />;
  if (query.isError || !query.data) {
    return (
      <div className="p-5">
        <Alert tone="error" role="alert">
          {itAdmin.loadError}
        </Alert>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="px-5 py-10 text-center text-sm text-slate-600">{empty}</p>;
  return children(query.data);
}
