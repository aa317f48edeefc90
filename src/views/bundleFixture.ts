import type { EvidenceBundle } from '../state/bundle';
import type { ExpectedInput } from '../state/hashCheck';
import { useStore } from '../state/store';
import type { UrlView } from '../state/url';

/** Tests only: a cited raw line of the one input, o1.jsonl, that `bundleOf` names. */
export const citedLine = (n: number, text = `{"kind":"input","id":"m${n}"}`): EvidenceBundle['cited'][number] => ({ file: 'o1.jsonl', sha256: 'a'.repeat(64), line: n, offset: 0, exact: true, text });

/** Tests only: a bundle of one input holding `cited` (all it cited) and `report`, with no notes or findings. */
export function bundleOf(cited: EvidenceBundle['cited'], report = '# Seqscope audit report\n'): EvidenceBundle {
  return {
    seqscope: 'evidence-bundle',
    version: 1,
    generatedAt: '2025-09-16T08:00:00.000Z',
    sample: null,
    inputs: [{ name: 'o1.jsonl', sha256: 'a'.repeat(64), bytes: 160, format: 'native-jsonl' }],
    comparison: null,
    view: { session: null, cutoff: null, selection: null, finding: null, filters: { code: null, order: 'derived' } },
    annotations: [],
    cited,
    citedTotal: cited.length,
    findings: {},
    report,
  };
}

/** Tests only: the page waits for the files `expected` names, of a link (`bundle` null) or of a bundle, none of them matched yet. */
export function waitForFiles(expected: ExpectedInput[], view: UrlView, bundle: EvidenceBundle | null): void {
  useStore.getState().setPendingLink({ expected, view, matched: expected.map(() => null), rejected: [], problems: [], bundle, checking: false, pastedNotKept: expected.map(() => null) });
}
