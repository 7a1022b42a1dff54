import type { ComponentType, HTMLAttributes, ReactNode, Ref } from "react";
import { useMediaQuery } from "../lib/use-media-query";
import { cardClass } from "./card";

export type Column<T> = {
  /** The column's name: the table's header, the card's label. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned in the table (amounts, counts). */
  end?: boolean;
  /** The header is read by screen readers only, and the card shows the cell without a label (a drag handle). */
  bare?: boolean;
  /** On a card the cell takes the card's whole width under its label (a title with a picture and tags). */
  wide?: boolean;
  className?: string;
};

/** How one row is drawn: a `<tr>` in the table, an `<li>` among the cards. A sortable list gives its own. */
export type RowShellProps<T> = { row: T; layout: "table" | "cards"; className: string; children: ReactNode };

type DataTableProps<T> = {
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  /** The row's actions (kit Buttons): the table's last column, a card's footer. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** The `data-testid` of every row. */
  rowTestId?: string;
  /** Attributes every row carries in both layouts (data-testid, data-*). */
  rowProps?: (row: T) => HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;
  rowClassName?: (row: T) => string;
  RowShell?: ComponentType<RowShellProps<T>>;
};

/** Tailwind's `sm`: from here up the rows are a table, below it a list of cards. */
const WIDE_QUERY = "(min-width: 640px)";

/** The element of one row: `<tr>` in the table, `<li>` among the cards. */
export function RowElement({ layout, children, ...rest }: { layout: "table" | "cards"; children: ReactNode; ref?: Ref<HTMLElement> } & HTMLAttributes<HTMLElement>) {
  const { ref, ...props } = rest;
  return layout === "table" ? (
    <tr ref={ref as Ref<HTMLTableRowElement>} {...props}>
      {children}
    </tr>
  ) : (
    <li ref={ref as Ref<HTMLLIElement>} {...props}>
      {children}
    </li>
  );
}

function PlainRow<T>({ row: _row, ...rest }: RowShellProps<T>) {
  return <RowElement {...rest} />;
}

/**
 * Every admin list: a table on wide screens, one card per row on phones with each column as
 * "label: value" and the row's actions as buttons, so nothing is ever off-screen.
 */
export function DataTable<T>({ rows, rowKey, columns, actions, actionsHeader = "", rowTestId, rowProps, rowClassName, RowShell = PlainRow }: DataTableProps<T>) {
  const wide = useMediaQuery(WIDE_QUERY);
  const Shell = RowShell as ComponentType<RowShellProps<T> & Record<string, unknown>>;

  if (!wide) {
    return (
      <ul className="space-y-3 p-3" data-layout="cards">
        {rows.map((row) => (
            <Shell key={rowKey(row)} row={row} layout="cards" className={`${cardClass} p-4 ${rowClassName?.(row) ?? ""}`} data-testid={rowTestId} {...rowProps?.(row)}>
              {columns.map((c) => (c.bare ? <div key={c.header}>{c.cell(row)}</div> : null))}
              <dl className="space-y-2 text-sm">
                {columns.map((c) =>
                  c.bare ? null : (
                    <div key={c.header} className={c.wide ? "space-y-1" : "grid grid-cols-[7rem_minmax(0,1fr)] gap-2"}>
                      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{c.header}</dt>
                      <dd className="min-w-0 break-words text-slate-800">{c.cell(row)}</dd>
                    </div>
                  ),
                )}
              </dl>
              {actions ? <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">{actions(row)}</div> : null}
            </Shell>
          ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto" data-layout="table">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 ${c.end ? "text-right" : ""}`}>
                {c.bare ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="px-4 py-3 text-right">
                {actionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
              <Shell key={rowKey(row)} row={row} layout="table" className={`align-top ${rowClassName?.(row) ?? ""}`} data-testid={rowTestId} {...rowProps?.(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 ${c.end ? "text-right tabular-nums" : ""} ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions ? (
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap items-center justify-end gap-2">{actions(row)}</div>
                  </td>
                ) : null}
              </Shell>
            ))}
        </tbody>
      </table>
    </div>
  );
}
