import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../../../app/query-client";
import { queryKeys } from "../../../lib/query-keys";
import { italianLanguage } from "../../../test/italian";
import "../../../test/fake-api";
import { DocumentsTab } from "./documents-tab";

const BUYER = { type: "company", denominazione: "Rossi & Figli S.p.A.", partitaIva: "01234567897", codiceFiscale: null, indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "XXXXXXX", pec: null };
const doc = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  kind: "invoice",
  number: "FE1/2026",
  issuedAt: "2026-11-20T10:00:00.000Z",
  total: "20.00",
  customer: "Rossi & Figli S.p.A. (P.IVA 01234567897)",
  taxable: "16.39",
  vat: "3.61",
  vatRate: "22.00",
  bookingId: crypto.randomUUID(),
  invoiceNumber: null,
  buyer: BUYER,
  sdi: { status: "pending", queued: false, attempt: 0, reason: null, lastError: null, history: [] },
  ...over,
});

/** The API of the tab: the month's documents, and "Correggi e reinvia" (its body kept). */
function serveDocuments(documents: unknown[], sdiMode: "live" | "demo" | "off") {
  const resent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      if (url.pathname === "/api/admin/documents") return Response.json({ documents, sdiMode });
      if (request.method === "POST" && url.pathname.endsWith("/resend")) {
        resent.push({ url: url.pathname, body: await request.json() });
        return Response.json({ sdi: { status: "pending", queued: true, attempt: 2, reason: null, lastError: null, history: [] } });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  return resent;
}

function mountTab() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.session, { staff: { id: 2, email: "r@example.it", name: "Responsabile", role: "manager" } });
  return render(
    <Provider store={createAppStore(client, italianLanguage)}>
      <DocumentsTab />
    </Provider>,
  );
}

describe("Documenti: where each invoice is with SdI", () => {
  it("says so when no intermediary is configured, shows each state, and a discarded one with SdI's reason", async () => {
    serveDocuments(
      [
        doc({ kind: "receipt", number: "R1/2026", buyer: null, sdi: null }),
        doc({ number: "FE1/2026" }),
        doc({ number: "FE2/2026", sdi: { status: "delivered", queued: false, attempt: 1, reason: null, lastError: null, history: [] } }),
        doc({ number: "FE3/2026", sdi: { status: "discarded", queued: false, attempt: 1, reason: "Codice destinatario non valido", lastError: null, history: [] } }),
      ],
      "off",
    );
    mountTab();
    expect((await screen.findByTestId("sdi-mode", {}, { timeout: 5000 })).textContent).toContain("Nessun intermediario SdI configurato");
    const states = screen.getAllByTestId("document-sdi").map((c) => c.getAttribute("data-sdi"));
    expect(states).toEqual(["pending", "delivered", "discarded"]);
    const discarded = screen.getAllByTestId("document-sdi")[2];
    expect(discarded.textContent).toContain("Scartata");
    expect(discarded.textContent).toContain("Codice destinatario non valido");
    expect(discarded.textContent).toContain("Conta come non emessa");
  });

  it("'Correggi e reinvia' opens the customer's data as given and sends the correction", async () => {
    const discarded = doc({ number: "FE3/2026", sdi: { status: "discarded", queued: false, attempt: 1, reason: "Codice destinatario non valido", lastError: null, history: [] } });
    const resent = serveDocuments([discarded], "live");
    mountTab();
    await screen.findAllByTestId("document-sdi", {}, { timeout: 5000 });
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Correggi e reinvia" })));
    const form = await screen.findByTestId("document-correct-form");
    expect((within(form).getByLabelText("Ragione sociale") as HTMLInputElement).value).toBe("Rossi & Figli S.p.A.");
    const code = within(form).getByLabelText("Codice Destinatario (7 caratteri)") as HTMLInputElement;
    expect(code.value).toBe("XXXXXXX");
    fireEvent.change(code, { target: { value: "M5UXCR1" } });
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Reinvia a SdI" })));
    await waitFor(() => expect(resent).toHaveLength(1));
    expect(resent[0].url).toBe(`/api/admin/documents/${discarded.id}/resend`);
    expect(resent[0].body).toMatchObject({ buyer: { type: "company", denominazione: "Rossi & Figli S.p.A.", partitaIva: "01234567897", codiceDestinatario: "M5UXCR1" } });
    expect(screen.queryByTestId("sdi-mode")).toBeNull();
  });
});
