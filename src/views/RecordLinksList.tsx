import { useState } from 'react';
import type { SeqRecord } from '../core/model';
import type { RecordLinks } from '../state/links';
import { useStore } from '../state/store';
import { formatCount } from './format';
import { Marked } from './Marked';
import { RecordLink } from './RecordLink';
import { ScrollEdges } from './ScrollEdges';
import { ShowAllToggle } from './ShowAllToggle';
import { VirtualList } from './VirtualList';

/** Links of each kind listed until asked for all: a response that 20,000 requests continue from took 1.9 s to show. */
export const LINKS_SHOWN = 50;

export type LinkItem =
  | { readonly kind: 'to'; readonly k: number; readonly link: RecordLinks['refersTo'][number] }
  /** Another response creating the id of reference `k`, after the first, which its own row names. */
  | { readonly kind: 'also'; readonly k: number; readonly index: number }
  | { readonly kind: 'by' | 'notice' | 'finding'; readonly index: number };

/**
 * Each reference, with the responses after the first that create its id as rows of their own, up to `shown`
 * of those in all: an id that 20,000 responses create was one row of 20,000 links, laid out whole.
 */
function referenceItems(links: RecordLinks, shown: number): LinkItem[] {
  const items: LinkItem[] = [];
  let others = 0;
  links.refersTo.slice(0, shown).forEach((link, k) => {
    items.push({ kind: 'to', k, link });
    for (const index of link.targets.slice(1, 1 + Math.max(0, shown - others))) items.push({ kind: 'also', k, index });
    others += Math.max(0, link.targets.length - 1);
  });
  return items;
}

/** Every link listed: the ids referred to, each response creating one, what refers to the record, notices and findings. */
function linkCount(links: RecordLinks): number {
  const others = links.refersTo.reduce((sum, link) => sum + Math.max(0, link.targets.length - 1), 0);
  return links.refersTo.length + others + links.referredBy.length + links.notices.length + links.findings.length;
}

/** The links in the order they are listed, up to `shown` of each kind. */
function linkItems(links: RecordLinks, shown: number): LinkItem[] {
  return [
    ...referenceItems(links, shown),
    ...links.referredBy.slice(0, shown).map((index): LinkItem => ({ kind: 'by', index })),
    ...links.notices.slice(0, shown).map((index): LinkItem => ({ kind: 'notice', index })),
    ...links.findings.slice(0, shown).map((index): LinkItem => ({ kind: 'finding', index })),
  ];
}

/**
 * A record's links: the responses it refers to (stale and dangling references marked), what refers to it,
 * notices for failed writes, and the findings that name it. All of them, asked for, are a list that renders
 * the rows in view: a compaction naming 50,000 ids, each stale, was 100,000 rows and a 15 s task.
 */
export function RecordLinksList({ record, links }: { record: SeqRecord; links: RecordLinks }) {
  const [all, setAll] = useState(false);
  const total = linkCount(links);
  if (total === 0) return null;
  const first = linkItems(links, LINKS_SHOWN);
  const more = total - first.length;
  const items = all ? linkItems(links, Infinity) : first;
  return (
    <div className="links">
      <h3 className="sub-head">Links</h3>
      <ScrollEdges className="links-scroll">
        <VirtualList
          count={items.length}
          estimate={24}
          className="links-list"
          label="Links"
          keyOf={(k) => itemKey(items[k]!, record)}
          row={(k, props) => (
            <li {...props}>
              <LinkText item={items[k]!} record={record} />
            </li>
          )}
        />
      </ScrollEdges>
      {more > 0 && (
        <p className="muted">
          {!all && `${formatCount(more)} more links (ids it refers to and the responses that create them, records that refer to it, notices, findings). `}
          <ShowAllToggle all={all} onChange={setAll} showAll={`Show all ${formatCount(total)}`} showFirst={`Show the first ${LINKS_SHOWN} of each`} />
        </p>
      )}
    </div>
  );
}

/**
 * A row's key: the row window keeps a row's measured height while its key stays. A reference's row is named by
 * its record too, or another record's first references (as many, other texts) would be drawn at these heights.
 */
export function itemKey(item: LinkItem, record: Pick<SeqRecord, 'fileIndex' | 'line'>): string {
  if (item.kind === 'to') return `to${item.k}@${record.fileIndex}:${record.line}`;
  if (item.kind === 'also') return `also${item.k}-${item.index}`;
  return `${item.kind}${item.index}`;
}

function LinkText({ item, record }: { item: LinkItem; record: SeqRecord }) {
  switch (item.kind) {
    case 'to': {
      const l = item.link;
      return (
        <>
          refers to{' '}
          <code>
            <Marked text={l.ref} />
          </code>
          {l.stale && <span className="badge sev-error">stale: created before a clear</span>}{' '}
          {l.targets.length === 0 ? <span className="badge sev-warning">no response creates it</span> : <RecordLink index={l.targets[0]!} />}
        </>
      );
    }
    case 'also':
      return (
        <>
          also created by <RecordLink index={item.index} />
        </>
      );
    case 'by':
      return (
        <>
          referred to by <RecordLink index={item.index} />
        </>
      );
    case 'notice':
      return (
        <>
          {record.kind === 'notice' ? 'surfaces the failed write' : 'surfaced by notice'} <RecordLink index={item.index} />
        </>
      );
    case 'finding':
      return <FindingLink index={item.index} />;
  }
}

function FindingLink({ index }: { index: number }) {
  const finding = useStore((s) => s.analysis?.findings[index]);
  const selectFinding = useStore((s) => s.selectFinding);
  const focus = useStore((s) => s.selection.focus);
  if (!finding) return null;
  return (
    <>
      named by finding{' '}
      <button type="button" className="link-button" onClick={() => selectFinding(index, finding.recordIndex.filter((i) => i >= 0), focus)}>
        <code>{finding.code}</code>
      </button>{' '}
      <span className={`badge sev-${finding.severity}`}>{finding.severity}</span>
    </>
  );
}
