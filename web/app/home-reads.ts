import { atom, type Atom, type ExtractAtomValue } from "jotai";
import type { HomeData } from "../../worker/api";
import { injectedHomeDataAtom } from "./query-layer";
import { queryAtomsAtom, type QueryAtoms } from "./query-ready";

/** What the home needs of a query's state. */
type QueryRead<T> = { data: T | undefined; isPending: boolean; isError: boolean };
type DataOf<N extends keyof QueryAtoms> = NonNullable<ExtractAtomValue<QueryAtoms[N]>["data"]>;

/**
 * One of the home's reads: the data the Worker injected into the page (the same JSON as the query's
 * API route) until one of the home's queries changes in the cache (attachQueries), its query atom
 * from then on. The two give the same markup, so the page hydrates on the injected data and the
 * query cache takes over unseen.
 */
function homeRead<N extends keyof QueryAtoms>(query: N, injected: (data: HomeData) => unknown) {
  return atom((get): QueryRead<DataOf<N>> => {
    const queries = get(queryAtomsAtom);
    if (queries) {
      const result = get(queries[query] as Atom<{ data?: unknown; isPending: boolean; isError: boolean }>);
      return { data: result.data as DataOf<N> | undefined, isPending: result.isPending, isError: result.isError };
    }
    const home = get(injectedHomeDataAtom);
    return home ? { data: injected(home) as DataOf<N>, isPending: false, isError: false } : { data: undefined, isPending: true, isError: false };
  });
}

export const homeEventsAtom = homeRead("eventsQueryAtom", (d) => d.events);
export const homeCategoriesAtom = homeRead("categoriesQueryAtom", (d) => d.categories);
export const homeStatsAtom = homeRead("statsQueryAtom", (d) => d.stats);
export const homePartnersAtom = homeRead("partnersQueryAtom", (d) => d.partners);
export const homeCarouselSettingsAtom = homeRead("carouselSettingsQueryAtom", (d) => d.carouselSettings);
