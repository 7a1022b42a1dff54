import { useAtomValue } from "jotai";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { cardClass } from "../../components/card";
import { TextField } from "../../components/field";
import { LoadingState } from "../../components/spinner";
import { useLang, useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { formatLongDateTime } from "../../lib/format";
import { formatEuro } from "../../../shared/lifecycle/money";
import { NarrowPage } from "../../components/layout/public-layout";
import { checkBooking, normalisePlate, type BookingValues } from "../../entities/customer/validation";
import { fieldBinder } from "../../entities/customer/bind-field";
import { CarFields } from "../../entities/customer/car-fields";
import { buySeasonAtom, seasonIdAtom, seasonQueryAtom } from "./queries";
import { useRouteQuery } from "../../lib/query-of-param";
import { translated } from "../../../shared/translations";

const empty: BookingValues = { customerName: "", customerEmail: "", licensePlate: "", carModel: "" };

/** /abbonamenti/:id — a season pass on sale: its matches, and buying it (then the usual checkout). */
export function SeasonPage() {
  const tr = useT();
  const lang = useLang();
  const s = tr.seasonBuy;
  const navigate = useNavigate();
  const [season, id] = useRouteQuery("id", seasonIdAtom, seasonQueryAtom);
  const buy = useAtomValue(buySeasonAtom);
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<ReturnType<typeof checkBooking>>(null);
  const field = fieldBinder(values, setValues, problem?.fields);
  const data = season.data;
  const left = data?.matches.filter((m) => m.state === "on_sale") ?? [];

  return (
    <NarrowPage title={data ? translated(data.name, data.nameTranslations, lang) : s.title}>
      {data ? (
        <>
          <section className={`${cardClass} space-y-3 p-5`}>
            <p className="text-sm text-slate-700">{s.intro}</p>
            <p className="text-lg font-bold text-slate-900">
              {s.price}: {formatEuro(data.sellable ? data.salePrice : data.price, lang)}
            </p>
            {/* Seats are "disponibili" only while the season can be bought. */}
            <p className="text-sm text-slate-600" data-testid="season-availability">
              {!data.sellable
                ? data.seatsLeft < 1
                  ? s.seasonSoldOut
                  : s.notSellable
                : left.length < data.matches.length
                  ? `${s.partial(left.length, data.matches.length)} ${s.seatsLeft(data.seatsLeft)}`
                  : `${s.matches(left.length)} · ${s.seatsLeft(data.seatsLeft)}`}
            </p>
            <ul className="space-y-1 text-sm">
              {data.matches.map((e) => (
                <li key={e.id} className={e.state === "on_sale" ? "text-slate-800" : "text-slate-500"}>
                  <span className={e.state === "on_sale" ? "font-semibold" : "font-semibold line-through"}>{translated(e.title, e.titleTranslations, lang)}</span>
                  {e.datetime ? <span className="text-slate-600"> — {formatLongDateTime(e.datetime, tr.dates)}</span> : null}
                  {e.state !== "on_sale" ? <span className="text-amber-900"> ({s.matchState[e.state]})</span> : null}
                </li>
              ))}
            </ul>
          </section>
          <form
            className={`${cardClass} space-y-4 p-5`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const found = checkBooking(values, tr);
              setProblem(found);
              if (found || buy.isPending) return;
              buy.mutate(
                { ...values, id, licensePlate: normalisePlate(values.licensePlate) },
                { onSuccess: (r) => navigate(`/checkout?${new URLSearchParams({ bookingId: r.bookingId, amount: data.salePrice })}`) },
              );
            }}
          >
            {problem ? (
              <Alert tone="error" role="alert">
                {problem.message}
              </Alert>
            ) : buy.isError ? (
              <Alert tone="error" role="alert">
                {errorMessage(buy.error, s.failed)}
              </Alert>
            ) : null}
            <TextField label={tr.booking.customerName} autoComplete="name" maxLength={80} {...field("customerName")} />
            <TextField label={tr.booking.customerEmail} type="email" autoComplete="email" maxLength={254} {...field("customerEmail")} />
            <CarFields plate={field("licensePlate")} carModel={field("carModel")} plateLabel={tr.booking.licensePlate} carModelLabel={tr.booking.carModel} />
            <Button type="submit" size="lg" className="w-full" disabled={buy.isPending || !data.sellable}>
              {buy.isPending ? s.submitting : s.submit}
            </Button>
          </form>
        </>
      ) : season.isError ? (
        <Alert tone="error" role="alert">
          {s.notFound}
        </Alert>
      ) : (
        <LoadingState text={s.loading} />
      )}
    </NarrowPage>
  );
}
