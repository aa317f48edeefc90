/** An input named by a permalink: its file name and the start of its SHA-256 (hex), never its content. */
export interface LinkedInput {
  readonly name: string;
  readonly hash: string;
}

export type OrderMode = 'derived' | 'raw';

/** The part of the view that lives in the URL, so reload and back/forward restore it and a view can be shared. */
export interface UrlView {
  readonly sample: string | null;
  /** Files opened by hand, by name and short hash: the link asks for them again, it never carries them. */
  readonly inputs: readonly LinkedInput[];
  readonly session: string | null;
  readonly cutoff: number | null;
  /** The focused record as file index and line. */
  readonly sel: { readonly file: number; readonly line: number } | null;
  readonly finding: number | null;
  /** The findings' code filter. */
  readonly code: string | null;
  /** Raw file order instead of the derived (acceptance-ordered, deduplicated, resolved) views. */
  readonly order: OrderMode;
  /** The comparison run: a bundled sample, or a file by name and short hash. */
  readonly compare: string | null;
  readonly cmp: LinkedInput | null;
}

export const EMPTY_URL_VIEW: UrlView = {
  sample: null,
  inputs: [],
  session: null,
  cutoff: null,
  sel: null,
  finding: null,
  code: null,
  order: 'derived',
  compare: null,
  cmp: null,
};

/** How many hex digits of a SHA-256 a link carries (48 bits: enough to tell files apart, short enough to read). */
export const SHORT_HASH = 12;

// A plain file name, and not `.` or `..`, which a path would resolve.
const SAMPLE_NAME = /^(?!\.+$)[\w.-]+$/;
const LINKED = /^([0-9a-f]{8,64}):(.+)$/;

function intParam(params: URLSearchParams, name: string, min: number): number | null {
  const raw = params.get(name);
  if (raw === null || !/^-?\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min ? n : null;
}

// Only a plain file name: a sample is fetched from the page's own samples folder, never from an arbitrary path.
const sampleName = (raw: string | null) => (raw !== null && SAMPLE_NAME.test(raw) ? raw : null);

/** How much of a refused value is quoted back: enough to recognise it, not a page of it. */
const QUOTED_CHARS = 80;

const quoted = (value: string) => {
  if (value.length <= QUOTED_CHARS) return `“${value}”`;
  // Cut before a surrogate pair, never inside one.
  const end = /[\uD800-\uDBFF]/.test(value[QUOTED_CHARS - 1]!) ? QUOTED_CHARS - 1 : QUOTED_CHARS;
  return `“${value.slice(0, end)}…”`;
};

/**
 * What the page says of `sample` and `compare` values it ignores (a path, a
 * web address): parseUrlView drops them, and a link that silently opens an
 * empty page would leave its reader guessing.
 */
export function ignoredUrlParams(search: string): string[] {
  const params = new URLSearchParams(search);
  const said: string[] = [];
  for (const [param, what] of [
    ['sample', 'to open the sample'],
    ['compare', 'to compare with the sample'],
  ] as const) {
    const raw = params.get(param);
    if (raw === null || raw === '' || sampleName(raw) !== null) continue;
    said.push(
      `The address asks ${what} ${quoted(raw)}, which is not a plain file name, so it was ignored: samples are fetched only by name, from this page's own samples folder.`,
    );
  }
  return said;
}

export function parseLinkedInput(raw: string | null): LinkedInput | null {
  const m = raw === null ? null : LINKED.exec(raw.replace(/^[0-9a-fA-F]+(?=:)/, (h) => h.toLowerCase()));
  return m ? { hash: m[1]!, name: m[2]! } : null;
}

export function formatLinkedInput(input: LinkedInput): string {
  return `${input.hash.slice(0, SHORT_HASH)}:${input.name}`;
}

export function parseUrlView(search: string): UrlView {
  const params = new URLSearchParams(search);
  const selMatch = /^(\d+):(\d+)$/.exec(params.get('sel') ?? '');
  const inputs = params.getAll('in').map(parseLinkedInput);
  return {
    sample: sampleName(params.get('sample')),
    // A link naming one unreadable input names none: restoring a view over part of its files would mislead.
    inputs: inputs.every((i) => i !== null) ? inputs : [],
    session: params.get('session'),
    cutoff: intParam(params, 'cutoff', 0),
    sel: selMatch ? { file: Number(selMatch[1]), line: Number(selMatch[2]) } : null,
    finding: intParam(params, 'finding', 0),
    code: params.get('code') || null,
    order: params.get('order') === 'raw' ? 'raw' : 'derived',
    compare: sampleName(params.get('compare')),
    cmp: parseLinkedInput(params.get('cmp')),
  };
}

export function formatUrlView(view: UrlView): string {
  const params = new URLSearchParams();
  if (view.sample !== null) params.set('sample', view.sample);
  for (const input of view.inputs) params.append('in', formatLinkedInput(input));
  if (view.compare !== null) params.set('compare', view.compare);
  if (view.cmp !== null) params.set('cmp', formatLinkedInput(view.cmp));
  if (view.session !== null) params.set('session', view.session);
  if (view.cutoff !== null) params.set('cutoff', String(view.cutoff));
  if (view.sel !== null) params.set('sel', `${view.sel.file}:${view.sel.line}`);
  if (view.finding !== null) params.set('finding', String(view.finding));
  if (view.code !== null) params.set('code', view.code);
  if (view.order === 'raw') params.set('order', 'raw');
  // Colons stay readable: they are legal in a query and people read these URLs.
  const s = params.toString().replace(/%3A/g, ':');
  return s ? `?${s}` : '';
}

const sameInputs = (a: readonly LinkedInput[], b: readonly LinkedInput[]) =>
  a.length === b.length && a.every((x, i) => x.name === b[i]!.name && x.hash === b[i]!.hash);

/** Whether moving from one view to the other deserves its own history entry (the slider, filter and order alone do not). */
export function isNavigation(from: UrlView, to: UrlView): boolean {
  return (
    from.sample !== to.sample ||
    !sameInputs(from.inputs, to.inputs) ||
    from.compare !== to.compare ||
    from.cmp?.hash !== to.cmp?.hash ||
    from.session !== to.session ||
    from.finding !== to.finding ||
    from.sel?.file !== to.sel?.file ||
    from.sel?.line !== to.sel?.line
  );
}

/** Whether two views write the same URL. */
export function sameUrlView(a: UrlView, b: UrlView): boolean {
  return formatUrlView(a) === formatUrlView(b);
}
