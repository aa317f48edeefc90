/** The part of the view that lives in the URL, so reload and back/forward restore it and a sample view can be shared. */
export interface UrlView {
  readonly sample: string | null;
  readonly session: string | null;
  readonly cutoff: number | null;
  /** The focused record as file index and line. */
  readonly sel: { readonly file: number; readonly line: number } | null;
  readonly finding: number | null;
}

export const EMPTY_URL_VIEW: UrlView = { sample: null, session: null, cutoff: null, sel: null, finding: null };

const SAMPLE_NAME = /^[\w.-]+$/;

function intParam(params: URLSearchParams, name: string, min: number): number | null {
  const raw = params.get(name);
  if (raw === null || !/^-?\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min ? n : null;
}

export function parseUrlView(search: string): UrlView {
  const params = new URLSearchParams(search);
  const sample = params.get('sample');
  const selMatch = /^(\d+):(\d+)$/.exec(params.get('sel') ?? '');
  return {
    // Only a plain file name: the sample is fetched from the page's own samples folder, never from an arbitrary path.
    sample: sample !== null && SAMPLE_NAME.test(sample) ? sample : null,
    session: params.get('session'),
    cutoff: intParam(params, 'cutoff', 0),
    sel: selMatch ? { file: Number(selMatch[1]), line: Number(selMatch[2]) } : null,
    finding: intParam(params, 'finding', 0),
  };
}

export function formatUrlView(view: UrlView): string {
  const params = new URLSearchParams();
  if (view.sample !== null) params.set('sample', view.sample);
  if (view.session !== null) params.set('session', view.session);
  if (view.cutoff !== null) params.set('cutoff', String(view.cutoff));
  if (view.sel !== null) params.set('sel', `${view.sel.file}:${view.sel.line}`);
  if (view.finding !== null) params.set('finding', String(view.finding));
  // The colon of `sel` stays readable: it is legal in a query and people read these URLs.
  const s = params.toString().replace(/%3A/g, ':');
  return s ? `?${s}` : '';
}

/** Whether moving from one view to the other deserves its own history entry (the slider alone does not). */
export function isNavigation(from: UrlView, to: UrlView): boolean {
  return (
    from.sample !== to.sample ||
    from.session !== to.session ||
    from.finding !== to.finding ||
    from.sel?.file !== to.sel?.file ||
    from.sel?.line !== to.sel?.line
  );
}
