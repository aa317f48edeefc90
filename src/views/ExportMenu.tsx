import { useEffect, useId, useState } from 'react';
import { readyComparison } from '../state/evidenceSlice';
import { useStore } from '../state/store';
import { download, exportFileName, orderFileName, stemOf, svgToPng } from './download';
import { usePopover } from './usePopover';
import { Marked } from './Marked';

// What makes the files loads with the first export.
const exporter = () => import('../state/exports');

/**
 * Findings, report, comparison, order view and evidence bundle as files, made in the tab and saved through object URLs.
 * Findings, report and bundle are made in a worker; the item being made says so and where it stands, and the page stays usable meanwhile.
 */
export function ExportMenu() {
  const { open, setOpen, root, button, onKeyDown, onBlur } = usePopover();
  const id = useId();
  const scopeId = useId();
  const [onlySession, setOnlySession] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  const session = useStore((s) => s.session);
  const cutoff = useStore((s) => s.cutoff);
  const stem = useStore((s) => stemOf(s.analysis?.inputs[0]?.name));
  const hasOrder = useStore((s) => (s.analysis?.sessions.length ?? 0) > 0);
  // The other run's stem while a comparison of the open inputs is shown; its report is named after both runs.
  const comparedStem = useStore((s) => {
    const c = readyComparison(s);
    return c ? stemOf(c.other?.inputs[0]?.name) : null;
  });

  // Opening the menu starts the export worker, so the export chosen next does not wait for it to start.
  useEffect(() => {
    if (open) void exporter().then((m) => m.warmExports(), () => undefined);
  }, [open]);

  const run = async (what: string, make: () => Promise<void>) => {
    setBusy(what);
    setStage(null);
    setError(null);
    try {
      await make();
      setOpen(false);
    } catch (e) {
      setError(`${what} could not be made: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
      setStage(null);
    }
  };
  const save = (what: string, maker: 'exportFindings' | 'exportReport' | 'exportBundle') =>
    run(what, async () => {
      const file = await (await exporter())[maker](onlySession, setStage);
      if (file) download(exportFileName(stem, file.suffix, onlySession ? session : null), file.content);
    });
  const comparison = () =>
    run('Comparison report (Markdown)', async () => {
      const file = await (await exporter()).exportComparisonReport();
      if (file && comparedStem !== null) download(`${stem}.vs.${comparedStem}${file.suffix}`, file.content);
    });
  const order = (png: boolean) =>
    run(png ? 'Order view (PNG)' : 'Order view (SVG)', async () => {
      const doc = await (await exporter()).exportOrderSvg();
      if (!doc) return;
      if (png) download(orderFileName(stem, doc.session, 'png'), await svgToPng(doc.svg, doc.width, doc.height));
      else download(orderFileName(stem, doc.session, 'svg'), doc.svg, 'image/svg+xml');
    });

  return (
    <div className="menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Export ▾
      </button>
      {open && (
        <div id={id} className="sample-popover menu-popover" role="group" aria-label="Export">
          {/* Each item's hint says what it holds (notes among them); the cutoff is named for the items made at it, not the comparison report. */}
          <p className="muted menu-note">
            Made in this tab from the open inputs; nothing is uploaded.
            {cutoff !== null && ` Findings, audit report and bundle at cutoff N = ${cutoff} (every session, as seqscope check --cutoff ${cutoff}).`}
          </p>
          {session !== null && (
            <label className="menu-check" htmlFor={scopeId}>
              <input id={scopeId} type="checkbox" checked={onlySession} onChange={(e) => setOnlySession(e.currentTarget.checked)} /> Only session{' '}
              <code>
                <Marked text={session} />
              </code>{' '}
              in the findings, audit report and bundle
            </label>
          )}
          <ul className="menu-items">
            <Item label="Findings (JSON)" hint="the CLI's check --json document" busy={busy} stage={stage} onClick={() => void save('Findings (JSON)', 'exportFindings')} />
            <Item label="Audit report (Markdown)" hint="inputs with hashes, findings with quoted lines, notes" busy={busy} stage={stage} onClick={() => void save('Audit report (Markdown)', 'exportReport')} />
            {comparedStem !== null && (
              <Item label="Comparison report (Markdown)" hint="the comparison shown, every session, as seqscope compare --report" busy={busy} stage={stage} onClick={() => void comparison()} />
            )}
            {hasOrder && <Item label="Order view (SVG)" hint="this session, standalone" busy={busy} stage={stage} onClick={() => void order(false)} />}
            {hasOrder && <Item label="Order view (PNG)" hint="this session, 2× resolution" busy={busy} stage={stage} onClick={() => void order(true)} />}
            <Item label="Evidence bundle (JSON)" hint="report, view, notes and cited lines; opens again here" busy={busy} stage={stage} onClick={() => void save('Evidence bundle (JSON)', 'exportBundle')} />
          </ul>
          <p className="visually-hidden" role="status">
            {busy ? `Preparing ${busy}…` : ''}
          </p>
          {error && (
            <p className="status-error menu-note" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function Item({ label, hint, busy, stage, onClick }: { label: string; hint: string; busy: string | null; stage: string | null; onClick: () => void }) {
  const making = busy === label;
  return (
    <li>
      <button type="button" className="menu-item" disabled={busy !== null} aria-busy={making} onClick={onClick}>
        <span className="menu-item-label">{label}</span>
        <span className="muted menu-item-hint">{making ? `Preparing…${stage ? ` ${stage}` : ''}` : hint}</span>
      </button>
    </li>
  );
}
