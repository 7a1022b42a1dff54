import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";

const wrangler = unstable_readConfig({ config: "./wrangler.toml" });

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
          setupFiles: ["./web/test/italian-default-store.ts"],
        },
      },
    ],
  },
});
