import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Log content is untrusted and nothing may leave the page's origin, so the built page carries a strict policy.
// The dev server needs inline scripts for hot reload, so the policy is added to the build only.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
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
