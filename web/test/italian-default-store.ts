// The `web` project's setup file. Components rendered without a <Provider> read jotai's default
// store, which, like any store, has no catalogue until one is set (web/i18n/lang.ts): Italian here.
import { getDefaultStore } from "jotai";
import { catalogueAtom } from "../i18n/lang";
import { italianLanguage } from "./italian";

getDefaultStore().set(catalogueAtom, italianLanguage);
