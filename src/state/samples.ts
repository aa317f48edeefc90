/** One bundled sample as listed in public/samples/index.json. */
export interface SampleEntry {
  readonly file: string;
  readonly title: string;
  readonly description: string;
  readonly family: string;
  readonly cutoff?: number;
}

const isEntry = (v: unknown): v is SampleEntry => {
  if (v === null || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.file === 'string' &&
    /^[\w.-]+$/.test(e.file) &&
    typeof e.title === 'string' &&
    typeof e.description === 'string' &&
    typeof e.family === 'string' &&
    (e.cutoff === undefined || (typeof e.cutoff === 'number' && Number.isInteger(e.cutoff)))
  );
};

/** The manifest, keeping only well-formed entries so one bad entry never hides the others. */
export function parseManifest(json: unknown): SampleEntry[] {
  return Array.isArray(json) ? json.filter(isEntry) : [];
}

export function samplesUrl(file: string): string {
  return `${import.meta.env.BASE_URL}samples/${file}`;
}

/** The names of the bundled samples as a sentence, so a link to a sample that is not there says what is. */
export function noSuchSample(name: string, samples: readonly SampleEntry[]): string {
  const known = samples.length > 0 ? ` The samples are: ${samples.map((s) => s.file).join(', ')}.` : ' This page has no bundled samples.';
  return `There is no bundled sample named “${name}”.${known}`;
}

const HTML_START = /^\uFEFF?\s*<(!doctype|html)/i;

/**
 * Whether an answer is a web page rather than a sample: a static host with a
 * single-page fallback answers any path, a sample that is not there too,
 * with the page's own index.html and status 200.
 */
export function isWebPage(contentType: string | null, head: Uint8Array): boolean {
  if (contentType !== null && /^\s*text\/html\b/i.test(contentType)) return true;
  return HTML_START.test(new TextDecoder().decode(head.subarray(0, 64)));
}
