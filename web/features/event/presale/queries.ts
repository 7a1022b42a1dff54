import { atomWithMutation } from "jotai-tanstack-query";
import { catalogueAtom } from "../../../i18n/lang";
import { client, unwrap } from "../../../lib/api";

type PresaleRequest = {
  eventId: number;
  paymentIntentId: string;
  nome: string;
  cognome: string;
  email: string;
  telefono?: string;
  targa: string;
  modelloAuto: string;
  note?: string;
};

export const createPresaleAtom = atomWithMutation((get) => ({
  mutationFn: (json: PresaleRequest) => unwrap(client.api.presales.$post({ json: { ...json, lang: get(catalogueAtom).lang } })),
}));
