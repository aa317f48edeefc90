import { isWebPage, noSuchSample, parseManifest, samplesUrl } from './samples';
import { useStore } from './store';

let manifest: Promise<void> | null = null;
/** Why the manifest could not be had, when it could not: without it no sample name can be checked. */
let manifestProblem: string | null = null;

/** Fetches the samples' manifest once; a sample named in the URL waits for the same request. */
export function fetchSamples(): Promise<void> {
  manifest ??= fetchManifest();
  return manifest;
}

/** Asks for the samples' list again after it could not be fetched (the empty page's Try again); nothing when it was. */
export function retrySamples(): Promise<void> {
  return retryAfter(manifest);
}

/**
 * The list asked for again after the request `tried` failed (offline at
 * start-up, a server restarting), not given up on until a reload: the first
 * caller to see that failure starts the one new request, and callers
 * waiting alongside share it.
 */
function retryAfter(tried: Promise<void> | null): Promise<void> {
  if (manifestProblem !== null && manifest === tried) manifest = null;
  return fetchSamples();
}

async function fetchManifest(): Promise<void> {
  try {
    const res = await fetch(samplesUrl('index.json'));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    useStore.getState().setSamples(parseManifest(await res.json()));
    manifestProblem = null;
  } catch (e) {
    manifestProblem = e instanceof Error ? e.message : String(e);
    useStore.getState().setSamples([]);
  }
}

/**
 * A sample's bytes, or why there are none. `unknown`: the name is not in the
 * manifest, and nothing was fetched (`sentence` says so and names the samples
 * there are). `failed`: the fetch failed, or answered with a web page.
 */
export type SampleFetch =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'unknown'; readonly sentence: string }
  | { readonly kind: 'failed'; readonly why: string };

/**
 * Fetches a bundled sample by a name the manifest lists, and only then: a
 * name from a URL or a bundle is never put into a request path unchecked.
 */
export async function fetchSample(file: string): Promise<SampleFetch> {
  const tried = fetchSamples();
  await tried;
  if (manifestProblem !== null) await retryAfter(tried);
  const samples = useStore.getState().samples ?? [];
  if (manifestProblem !== null) return { kind: 'failed', why: `the list of samples could not be fetched: ${manifestProblem}` };
  if (!samples.some((s) => s.file === file)) return { kind: 'unknown', sentence: noSuchSample(file, samples) };
  try {
    const res = await fetch(samplesUrl(file));
    if (!res.ok) return { kind: 'failed', why: `HTTP ${res.status}` };
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (isWebPage(res.headers.get('content-type'), bytes)) return { kind: 'failed', why: 'the server answered with a web page, not the sample' };
    return { kind: 'bytes', bytes };
  } catch (e) {
    return { kind: 'failed', why: e instanceof Error ? e.message : String(e) };
  }
}
