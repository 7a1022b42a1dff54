import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ConfigProblem } from "../../../../worker/api";
import { itAdmin } from "../../../i18n/it-admin";
import { mount, serve } from "../../../test/fake-api";
import { ConfigurationBanners } from "./configuration-banners";

const texts = itAdmin.configuration.problems;
const codes = Object.keys(texts) as ConfigProblem[];

describe("the dashboard's configuration banners", () => {
  it.each(codes)("shows %s as one red banner with what to do", async (code) => {
    serve({ "GET /api/admin/configuration": { problems: [code] } });
    mount(<ConfigurationBanners />);
    const section = await screen.findByRole("region", { name: "Problemi di configurazione" });
    const banners = section.querySelectorAll("[data-problem]");
    expect([...banners].map((b) => (b as HTMLElement).dataset.problem)).toEqual([code]);
    expect(within(banners[0] as HTMLElement).getByText(texts[code].title)).toBeTruthy();
    expect(within(banners[0] as HTMLElement).getByText(texts[code].fix)).toBeTruthy();
    expect((banners[0].firstElementChild as HTMLElement).className).toContain("bg-red-50");
  });

  it("shows one banner per problem, in the Worker's order", async () => {
    serve({ "GET /api/admin/configuration": { problems: ["payments_missing", "webhook_secret_missing", "database_placeholder"] } });
    mount(<ConfigurationBanners />);
    const section = await screen.findByRole("region", { name: "Problemi di configurazione" });
    expect([...section.querySelectorAll("[data-problem]")].map((b) => (b as HTMLElement).dataset.problem)).toEqual(["payments_missing", "webhook_secret_missing", "database_placeholder"]);
  });

  it("shows nothing when the configuration is complete", async () => {
    const calls = serve({ "GET /api/admin/configuration": { problems: [] } });
    mount(<ConfigurationBanners />);
    await expect.poll(() => calls).toContain("GET /api/admin/configuration");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Problemi di configurazione" })).toBeNull();
  });
});
