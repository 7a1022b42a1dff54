import { describe, expect, it } from "vitest";
import { api } from "./test/helpers";

describe("app", () => {
  it("answers an unknown API path with 404 JSON in the one error shape", async () => {
    const res = await api("/api/non-esiste");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Risorsa non trovata" } });
  });

  it("sends secure headers with a CSP that allows Stripe", async () => {
    const res = await api("/api/categories");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
