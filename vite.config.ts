import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { copyFileSync, existsSync } from "node:fs";
import { defineConfig } from "vite";

// Local runs read their secrets from .dev.vars, which the build copies beside the built Worker:
// create it from the local-only example before any build or dev server needs it.
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // `npm start` and the browser tests pass their local D1/R2 folder (same layout as wrangler's --persist-to).
    cloudflare({ persistState: process.env.PE_PERSIST_TO ? { path: process.env.PE_PERSIST_TO } : true }),
  ],
  build: { chunkSizeWarningLimit: 600 },
});
