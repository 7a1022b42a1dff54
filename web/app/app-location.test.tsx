import { describe, expect, it } from "vitest";
import { createPath, resolvePath } from "./app-location";

describe("resolvePath", () => {
  const from = { pathname: "/eventi/12-derby" };
  it("resolves as react-router does outside nested routes", () => {
    // Fails if a link's href or a navigation went elsewhere than react-router would have sent it.
    expect(resolvePath("/checkout?bookingId=1#pay", from)).toEqual({ pathname: "/checkout", search: "?bookingId=1", hash: "#pay" });
    expect(resolvePath("?lang=en", from)).toEqual({ pathname: "/eventi/12-derby", search: "?lang=en", hash: "" });
    expect(resolvePath("#contatti", from)).toEqual({ pathname: "/eventi/12-derby", search: "", hash: "#contatti" });
    expect(resolvePath("?", from)).toEqual({ pathname: "/eventi/12-derby", search: "", hash: "" });
    expect(resolvePath({ pathname: "/", search: "lang=en" }, from)).toEqual({ pathname: "/", search: "?lang=en", hash: "" });
  });

  it("writes a path back without an empty query or hash", () => {
    expect(createPath({ pathname: "/", search: "?", hash: "#" })).toBe("/");
    expect(createPath({ pathname: "/p/x", search: "?a=1", hash: "#b" })).toBe("/p/x?a=1#b");
  });
});
