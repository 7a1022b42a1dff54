import { describe, expect, it } from "vitest";
import { deployBaseUrlProblem } from "./deploy-base-url";

describe("the deploy refuses a base URL that cannot reach customers", () => {
  it.each([
    ["wrangler.toml's local default", "http://localhost:8787"],
    ["another local port", "http://localhost:5173/"],
    ["a loopback address", "http://127.0.0.1:8787"],
    ["IPv6 loopback", "http://[::1]:8787"],
    ["a *.localhost name", "https://shop.localhost"],
    ["the any-address", "http://0.0.0.0"],
    ["plain http", "http://parcheggi.example"],
    ["nothing at all", ""],
    ["not a URL", "parcheggi.example"],
  ])("refuses %s", (_name, value) => {
    expect(deployBaseUrlProblem(value)).toEqual(expect.any(String));
  });

  it("accepts the garage's https domain", () => {
    expect(deployBaseUrlProblem("https://parcheggi.example")).toBeNull();
    expect(deployBaseUrlProblem(" https://www.parcheggi.example/ ")).toBeNull();
  });
});
