import { expect, test } from "./visitor-test";

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

// Issue #22: through the local server `npm start` runs (vite preview → Miniflare), a chunked 10 MB
// body was a 500 page listing the machine's paths; now it is the Worker's 413, as in production.
test("a chunked 10 MB body gets the 413 error shape, no page with paths", async ({ baseURL }) => {
  const { request } = await import("node:http");
  const url = new URL("/api/bookings", baseURL);
  const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "Content-Type": "application/json", Origin: url.origin, "Transfer-Encoding": "chunked" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 97);
    for (let i = 0; i < 160; i++) req.write(chunk);
    req.end();
  });
  expect(answer.status).toBe(413);
  expect(answer.type).toContain("application/json");
  expect(JSON.parse(answer.body)).toEqual({ error: { code: "payload_too_large", message: "Il corpo della richiesta è troppo grande" } });
  expect(answer.body).not.toMatch(/node_modules|\/work\/|at async/);
});

// Decision 043: the home and an event's page inline the boot script (nothing but the HTML before the
// first paint). Fails if the CSP blocked it (no hash, a stale one) or allowed inline scripts wholesale.
test("the home and an event's page run their inline boot script, allowed by its hash alone", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => void (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
  await page.goto("/");
  const eventPath = (await page.locator('a[href^="/eventi/"]').first().getAttribute("href"))!;
  for (const path of ["/", eventPath]) {
    const response = await page.goto(path);
    const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()["content-security-policy"])![1];
    expect(scriptSrc, path).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    // The visitor's first move runs the app.
    await page.mouse.move(20, 20);
    await expect(page.locator("#root[data-app=on]"), path).toHaveCount(1);
  }
  expect(violations).toEqual([]);
});
