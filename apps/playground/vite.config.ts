import { defineConfig, type Plugin } from "vite";

/**
 * The built page forbids every connection (`connect-src 'none'`) and loads nothing from other
 * origins: the promise that nothing leaves the browser is enforced, not only kept. Build only,
 * because the dev server's live reload needs a WebSocket.
 */
const contentSecurityPolicy: Plugin = {
  name: "content-security-policy",
  apply: "build",
  transformIndexHtml: () => [
    {
      tag: "meta",
      attrs: {
        "http-equiv": "Content-Security-Policy",
        content:
          "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; " +
          "img-src 'self' data:; connect-src 'none'; form-action 'none'; base-uri 'none'",
      },
      injectTo: "head-prepend",
    },
  ],
};

export default defineConfig({
  base: "./",
  plugins: [contentSecurityPolicy],
  worker: { format: "es" },
  build: {
    target: "es2022",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // terser (a devDependency already) packs the page and the worker 0.3% tighter than
    // esbuild's minifier: 1.3 KB of the worker's 436 KB and 1.8 KB of page + worker's 800 KB.
    minify: "terser",
  },
  server: { fs: { allow: ["../.."] } },
});
