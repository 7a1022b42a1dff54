import { atom } from "jotai";

/** The category chip the visitor picked; null = all. */
export const selectedCategoryAtom = atom<number | null>(null);
