/** The part of the Trusted Types API used here (TypeScript's DOM library does not declare it). */
interface TrustedTypes {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown };
}

const made = new Set<string>();

/**
 * The built page requires Trusted Types for every script sink (its policy:
 * `require-trusted-types-for 'script'; trusted-types seqscope-worker`), and
 * `new Worker(url)` is one. This policy, the only one the page may create,
 * passes exactly the blob: URLs handed to `trustedWorkerUrl` and refuses
 * anything else; no other string can reach a script or HTML sink at all.
 */
const policy = (globalThis as { trustedTypes?: TrustedTypes }).trustedTypes?.createPolicy('seqscope-worker', {
  createScriptURL: (url) => {
    if (!made.has(url) || !url.startsWith('blob:')) throw new TypeError('only the worker URLs Seqscope makes can start a worker');
    return url;
  },
});

/** The worker's blob: URL as the page's Trusted Types policy accepts it (the string itself where Trusted Types are not enforced). */
export function trustedWorkerUrl(blobUrl: string): string {
  made.add(blobUrl);
  // A TrustedScriptURL stands wherever a URL string is accepted.
  return policy ? (policy.createScriptURL(blobUrl) as string) : blobUrl;
}
