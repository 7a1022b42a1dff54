import type { ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { DataTable, type DataTableProps } from "../../../components/data-table";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";

type QueryState<T> = { isPending: boolean; isError: boolean; data: T | undefined };

/** An admin query's loading and failure states, then what it loaded. */
export function Loaded<T>({ query, padded = false, children }: { query: QueryState<T>; padded?: boolean; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingState text={it.common.loading} />;
  if (query.isError || query.data === undefined) {
    const alert = (
      <Alert tone="error" role="alert">
        {itAdmin.loadError}
      </Alert>
    );
    return padded ? <div className="p-5">{alert}</div> : alert;
  }
  return children(query.data);
}

/** An admin list's loading, failure and empty states, then its rows. */
export function ListState<T>({ query, empty, children }: { query: QueryState<T[]>; empty: string; children: (rows: T[]) => ReactNode }) {
  return (
    <Loaded query={query} padded>
      {(rows) => (rows.length === 0 ? <p className="px-5 py-10 text-center text-sm text-slate-600">{empty}</p> : children(rows))}
    </Loaded>
  );
}

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** "Carica altri" under a list the server sends page by page: the next page on demand, none after the last. */
export function LoadMore({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="border-t border-slate-200 px-5 py-4 text-center">
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? itAdmin.bookings.loadingMore : itAdmin.bookings.loadMore}
      </Button>
    </div>
  );
}

/** A list the server sends page by page, as a table: its states, its rows, then "Carica altri". */
export function PagedTable<T>({ pages, rows, empty, ...table }: { pages: Pages & QueryState<unknown>; rows: T[] | undefined; empty: string } & Omit<DataTableProps<T>, "rows">) {
  return (
    <ListState query={{ ...pages, data: rows }} empty={empty}>
      {(rows) => (
        <>
          <DataTable rows={rows} {...table} />
          <LoadMore pages={pages} />
        </>
      )}
    </ListState>
  );
}

/** A paged list's count for its header: "12 mostrate su 40 …" while pages remain, "40 …" once all are shown; nothing before the first page. */
export function listCount(testId: string, rows: unknown[] | undefined, total: number | undefined, words: { shownOf: (shown: number, total: number) => string; count: (n: number) => string }) {
  if (total === undefined || !rows) return undefined;
  return <span data-testid={testId}>{rows.length < total ? words.shownOf(rows.length, total) : words.count(total)}</span>;
}
