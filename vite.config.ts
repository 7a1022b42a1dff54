import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // `npm start` and the browser tests pass their local D1/R2 folder (same layout as wrangler's --persist-to).
    cloudflare({ persistState: process.env.PE_PERSIST_TO ? { path: process.env.PE_PERSIST_TO } : true }),
  ],
  build: { chunkSizeWarningLimit: 600 },
});
