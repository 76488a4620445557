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
  // terser: about 2% smaller than esbuild's minifier on the SDK-heavy worker, for a few seconds of build.
  build: {
    target: "es2022",
    minify: "terser",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: { fs: { allow: ["../.."] } },
});
