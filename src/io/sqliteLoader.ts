import type { SqlJsStatic } from 'sql.js';

type InitSqlJs = (config?: { locateFile?: (file: string) => string }) => Promise<SqlJsStatic>;

let pending: Promise<SqlJsStatic> | null = null;

function runsInNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/**
 * sql.js (SQLite compiled to WebAssembly), loaded only when a SQLite file is
 * opened so the page's first load never pays for it. In Node (the CLI, the
 * tests) Node's own require loads the package, which finds its .wasm beside
 * itself; in a browser or worker Vite bundles the glue and serves the .wasm
 * from a URL it emits.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  pending ??= (runsInNode() ? loadInNode() : loadInBrowser()).catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}

async function loadInNode(): Promise<SqlJsStatic> {
  // A computed specifier keeps bundlers for the browser from trying to include Node's module loader.
  const moduleName = 'node:module';
  const { createRequire } = (await import(/* @vite-ignore */ moduleName)) as typeof import('node:module');
  const nodeRequire = createRequire(import.meta.url);
  const initSqlJs = nodeRequire('sql.js') as InitSqlJs;
  return initSqlJs();
}

async function loadInBrowser(): Promise<SqlJsStatic> {
  const [{ default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
    import('sql.js') as Promise<{ default: InitSqlJs }>,
    import('sql.js/dist/sql-wasm.wasm?url'),
  ]);
  return initSqlJs({ locateFile: () => wasmUrl });
}
