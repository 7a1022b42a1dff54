import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../test/helpers";
import { messagesIt as italian } from "../i18n/it";

describe("request rate (Workers Rate Limiting binding)", () => {
  it("the binding is simulated here: a key is refused after its limit, another key is not", async () => {
    const key = `binding-${crypto.randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 61; i++) outcomes.push((await env.WRITE_RATE_LIMITER.limit({ key })).success);
    expect(outcomes.slice(0, 60).every(Boolean)).toBe(true);
    expect(outcomes[60]).toBe(false);
    expect((await env.WRITE_RATE_LIMITER.limit({ key: `other-${key}` })).success).toBe(true);
  });

  it("answers 429 in the one error shape once a client sends too many payment requests in a minute; other clients pass", async () => {
    const confirm = (ip: string) =>
      api("/api/confirm-payment", { method: "POST", headers: { "CF-Connecting-IP": ip }, json: { paymentIntentId: "pi_demo_unknown" } });
    const answers = await Promise.all(Array.from({ length: 70 }, () => confirm("198.51.100.200")));
    expect(answers.filter((r) => r.status === 404)).toHaveLength(60);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    expect(await limited[0].json()).toEqual({ error: { code: "rate_limited", message: italian.tooManyRequests } });
    expect((await confirm("198.51.100.201")).status).toBe(404);
  });
});
