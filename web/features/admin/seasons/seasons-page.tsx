import { useAtomValue } from "jotai";
import { AppLink } from "../../../components/app-link";
import { cardClass } from "../../../components/card";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { formatLongDateTime } from "../../../lib/format";
import { adminSeasonsQueryAtom, adminVouchersQueryAtom } from "./queries";

/** /admin/abbonamenti — seasons with their holders (spots reserved at every match), and vouchers with their uses. */
export function SeasonsPage() {
  const t = itAdmin.seasons;
  const seasons = useAtomValue(adminSeasonsQueryAtom);
  const vouchers = useAtomValue(adminVouchersQueryAtom);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-black tracking-tight text-slate-900">{t.title}</h1>
      {seasons.data ? (
        seasons.data.length === 0 ? (
          <p className="text-slate-600">{t.empty}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {seasons.data.map((s) => (
              <article key={s.id} data-testid="admin-season" className={`${cardClass} min-w-0 space-y-3 p-4`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="min-w-0 text-lg font-bold break-words text-slate-900">{s.name}</h2>
                  <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${s.isOnSale ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}>
                    {s.isOnSale ? t.onSale : t.offSale}
                  </span>
                </div>
                <p className="text-sm text-slate-700">
                  {t.price}: € {s.price} · {t.seats(s.seatsLeft, s.spots)} · {t.matches(s.events.length)}
                </p>
                <AppLink to={`/abbonamenti/${s.id}`} className="text-sm font-semibold text-blue-700 underline">
                  {t.publicLink}
                </AppLink>
                <h3 className="font-semibold text-slate-900">{t.holders}</h3>
                {s.holderList.length === 0 ? (
                  <p className="text-sm text-slate-600">{t.noHolders}</p>
                ) : (
                  <ul className="space-y-2">
                    {s.holderList.map((h) => (
                      <li key={h.id} className="rounded-xl border border-slate-200 p-3 text-sm">
                        <p className="font-semibold break-words text-slate-900">
                          {h.customerName} {h.assigned ? <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t.assigned}</span> : null}
                        </p>
                        <p className="font-mono text-slate-800">
                          {h.licensePlate} · {h.code}
                        </p>
                        <p className="text-slate-600">{t.reserved(h.reserved, h.released)}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            ))}
          </div>
        )
      ) : (
        <LoadingState text={t.loading} />
      )}
      <section className="space-y-3">
        <h2 className="text-xl font-bold text-slate-900">{t.vouchers}</h2>
        {vouchers.data ? (
          vouchers.data.length === 0 ? (
            <p className="text-slate-600">{t.noVouchers}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {vouchers.data.map((v) => (
                <li key={v.id} data-testid="admin-voucher" className={`${cardClass} min-w-0 space-y-1 p-4 text-sm`}>
                  <p className="font-mono text-base font-bold tracking-wider break-all text-slate-900">{v.code}</p>
                  <p className="text-slate-800">{t.kind[v.kind](v.value)}</p>
                  <p className="text-slate-600">
                    {t.uses(v.uses, v.maxUses)} · {t.expires(formatLongDateTime(v.expiresAt, it.dates))}
                  </p>
                  {v.note ? <p className="break-words text-slate-600">{v.note}</p> : null}
                </li>
              ))}
            </ul>
          )
        ) : (
          <LoadingState text={t.loading} />
        )}
      </section>
    </div>
  );
}
