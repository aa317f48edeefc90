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
