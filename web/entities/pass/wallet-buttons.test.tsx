import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { en } from "../../i18n/whole";
import { Provider } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../../app/query-client";
import type { Language } from "../../i18n/lang";
import { italianLanguage } from "../../test/italian";
import { WalletButtons } from "./wallet-buttons";

const SECRET = "abcdefghijklmnopqrstuv";

async function mount(offered: { apple: boolean; google: boolean }, language: Language = italianLanguage) {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json(offered)));
  const queryClient = createQueryClient();
  render(
    <Provider store={createAppStore(queryClient, language)}>
      <WalletButtons secret={SECRET} />
    </Provider>,
  );
  // Until the shop's answer has landed (a fixed 20 ms wait missed it on a busy machine).
  await waitFor(() => expect(queryClient.getQueryState(["wallet-offered"])?.status).toBe("success"));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the wallet buttons", () => {
  it("download the .pkpass and open Google's save link through the Worker, in Italian", async () => {
    await mount({ apple: true, google: true });
    expect(screen.getByRole("link", { name: "Aggiungi a Apple Wallet" }).getAttribute("href")).toBe(`/api/wallet/${SECRET}/apple.pkpass`);
    expect(screen.getByRole("link", { name: "Aggiungi a Apple Wallet" }).hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: "Aggiungi a Google Wallet" }).getAttribute("href")).toBe(`/api/wallet/${SECRET}/google`);
  });

  it("show only the wallet the shop has secrets for, in English", async () => {
    await mount({ apple: false, google: true }, { lang: "en", t: en });
    expect(screen.queryByRole("link", { name: "Add to Apple Wallet" })).toBeNull();
    expect(screen.getByRole("link", { name: "Add to Google Wallet" })).toBeTruthy();
  });

  it("are not there at all without the secrets", async () => {
    await mount({ apple: false, google: false });
    expect(screen.queryByTestId("wallet-buttons")).toBeNull();
  });
});
