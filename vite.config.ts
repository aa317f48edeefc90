import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Log content is untrusted and nothing may leave the page's origin, so the built page carries a strict policy.
// The dev server needs inline scripts for hot reload, so the policy is added to the build only.
// style-src has no 'unsafe-inline': React writes style attributes through the CSSOM, which the policy does not govern.
// Trusted Types: no string ever reaches an HTML or script sink; the one policy, seqscope-worker, passes only the worker's own blob: URL.
// worker-src allows blob: only because the worker starts from a blob: URL, so that it inherits this policy (src/worker/client.ts).
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types seqscope-worker",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'seqscope-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}

// The page builds into dist/web so that `vite build` never wipes the CLI bundle in dist/cli.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: { outDir: 'dist/web', emptyOutDir: true },
  preview: { port: 4317, strictPort: true },
});
