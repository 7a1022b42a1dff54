import { StarIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";
import { REVIEWS_TITLE_ID } from "./reviews-id";

function Stars({ count, className = "size-4" }: { count: number; className?: string }) {
  const tr = useT();
  return (
    <span className="flex" role="img" aria-label={tr.home.reviews.starsLabel(count)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={`${className} ${n <= count ? "text-amber-400" : "text-slate-300"}`} />
      ))}
    </span>
  );
}

export function Reviews() {
  const tr = useT();
  const r = tr.home.reviews;
  return (
    <section aria-labelledby={REVIEWS_TITLE_ID} className="render-when-near-[1000px] bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 sm:flex-row sm:items-end">
          <h2 id={REVIEWS_TITLE_ID} className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">
            {r.title}
          </h2>
          <div className="flex items-center gap-3 rounded-2xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200" aria-label={r.ratingLabel} role="group">
            <span className="text-3xl font-black text-slate-900" aria-hidden="true">
              {r.rating}
            </span>
            <Stars count={5} className="size-5" />
          </div>
        </div>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {r.items.map((review) => (
            <li key={review.name} className="flex flex-col rounded-3xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <Stars count={review.stars} />
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>“{review.text}”</p>
              </blockquote>
              <div className="mt-6 flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-blue-600 font-bold text-white" aria-hidden="true">
                  {review.name[0]}
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{review.name}</p>
                  <p className="text-sm text-slate-500">{review.context}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
