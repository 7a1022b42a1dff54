import { expect, test } from "@playwright/test";

test("the SPA itself is served with a CSP and secure headers", async ({ request }) => {
  for (const path of ["/", "/checkout", "/admin"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).toContain("https://js.stripe.com");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
  }
});
