import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";

const wrangler = unstable_readConfig({ config: "./wrangler.toml" });

// Packages pre-bundled once per run (vite's dependency optimizer) instead of served module by module to
// every test file: each workerd or happy-dom file loads its graph afresh, and hono, drizzle, zod, stripe,
// React's server renderer and the rest came as hundreds of small modules each time (issue #42,
// docs/decisions/069-vitest-stage.md). Every entry a file imports must be listed (or none of its package):
// a package reached both bundled and unbundled would load twice. `react` itself is never bundled (vitest).
const WORKER_PREBUNDLED = [
  "hono", "hono/factory", "hono/cookie", "hono/http-exception", "hono/secure-headers", "hono/testing", "hono/client",
  "drizzle-orm", "drizzle-orm/batch", "drizzle-orm/sqlite-core", "drizzle-orm/d1",
  "zod", "zod/mini", "@hono/zod-validator", "stripe", "fast-check", "fflate", "ipaddr.js", "pkijs", "asn1js",
  "@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "qrcode/lib/core/qrcode.js",
  "temporal-polyfill", "temporal-polyfill/fns/Instant", "temporal-polyfill/fns/Now", "temporal-polyfill/fns/ZonedDateTime",
  "temporal-polyfill/fns/PlainDate", "temporal-polyfill/fns/Duration",
  "react-dom/server", "react-dom/static", "react-router", "jotai", "jotai/utils", "jotai-tanstack-query", "@tanstack/query-core",
  "@headlessui/react", "react-hot-toast", "qrcode.react",
];
// Not react-dom/*: bundled for happy-dom it takes Node's server build, which fails there.
const WEB_PREBUNDLED = [
  "@testing-library/react", "@headlessui/react", "react-router", "jotai", "jotai/utils", "jotai-tanstack-query", "@tanstack/query-core",
  "react-hot-toast", "qrcode.react", "@dnd-kit/core", "@dnd-kit/sortable", "react-easy-crop", "idb-keyval", "uplot",
  "@stripe/react-stripe-js", "@stripe/stripe-js/pure", "@stripe/stripe-js", "hono/client", "zod", "zod/mini", "fast-check",
  "temporal-polyfill", "temporal-polyfill/fns/Instant", "temporal-polyfill/fns/Now", "temporal-polyfill/fns/ZonedDateTime",
  "temporal-polyfill/fns/PlainDate", "temporal-polyfill/fns/Duration",
];

// Web test files that need no DOM (plain functions, catalogues, the decision records): they run in Node,
// since a happy-dom window per file cost about a second of set-up each. A file that touches the DOM fails
// there (window, document are undefined), so one wrongly listed cannot pass by accident.
const WEB_WITHOUT_DOM = [
  "web/app/query-layer.test.ts", "web/boundary.test.ts", "web/entities/customer/validation.test.ts", "web/entities/event/format.test.ts",
  "web/features/gate/offline.test.ts", "web/features/live-popups/schedule.test.ts",
  "web/i18n/completeness.test.ts", "web/i18n/en.test.ts", "web/i18n/fr-es.test.ts", "web/i18n/made-up-language.test.ts",
  "web/i18n/words.test.ts", "web/lib/format.test.ts", "docs/decisions/readme.test.ts",
];

export default defineConfig({
  test: {
    // Two files at a time on these 2-core machines (vitest's default is one fewer than the cores): a
    // workerd file spends most of its time starting up and waiting on D1, so two overlap well (a
    // subset measured 49 s with one, 28–33 s with two, docs/benchmarks.md).
    maxWorkers: 2,
    reporters: process.env.CI_JSON ? ["default", ["json", { outputFile: "reports/vitest.json" }]] : ["default"],
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, "db/migrations")),
                ADMIN_EMAIL: "titolare@test.example",
                ADMIN_PASSWORD: "test-admin-password",
                UPLOAD_SIGNING_KEY: "test-upload-signing-key",
                STRIPE_SECRET_KEY: "",
                STRIPE_WEBHOOK_SECRET: "",
                // The tests run the local shop: demo payments, as `npm start` (docs/decisions/044-fail-closed.md).
                DEMO_MODE: "1",
                // What the build gives the Worker (vite.config.ts): the ids of wrangler.toml's bindings.
                DEPLOY_DATABASE_ID: wrangler.d1_databases[0]?.database_id ?? "",
                DEPLOY_RATE_LIMIT_NAMESPACE: String(wrangler.ratelimits[0]?.namespace_id ?? ""),
              },
            },
          })),
        ],
        logLevel: "error",
        test: {
          name: "worker",
          deps: { optimizer: { ssr: { enabled: true, include: WORKER_PREBUNDLED } } },
          include: ["worker/**/*.test.ts", "db/**/*.test.ts", "shared/**/*.test.ts"],
          // *.node.test.ts run in Node (project "node"): libxml2 as WebAssembly reads files workerd cannot.
          exclude: ["**/node_modules/**", "**/*.node.test.ts"],
          // A limit that catches a hang, not a slow machine: the concurrent-refund and access-table tests
          // passed 5 s on a 2-core machine under load. Speed is measured in bench/, never here.
          testTimeout: 20_000,
          setupFiles: ["./worker/test/fixed-clock.ts", "./worker/test/apply-migrations.ts"],
          globalSetup: ["./worker/test/stripe-global-setup.ts", "./worker/test/wallet-global-setup.ts"],
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["worker/**/*.node.test.ts"],
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["web/**/*.test.{ts,tsx}", "docs/**/*.test.ts"],
          exclude: ["**/node_modules/**", ...WEB_WITHOUT_DOM],
          setupFiles: ["./web/test/italian-default-store.ts"],
          deps: { optimizer: { client: { enabled: true, include: WEB_PREBUNDLED } } },
        },
      },
      {
        test: {
          name: "web-node",
          environment: "node",
          include: WEB_WITHOUT_DOM,
          setupFiles: ["./web/test/italian-default-store.ts"],
        },
      },
    ],
  },
});
