import type { Notice } from '../state/inputsSlice';
import { cancelLoading } from '../state/loader';
import { useStore } from '../state/store';
import { LoadingStatus } from './LoadProgressBar';
import { formatCount } from './format';
import { Marked, marked } from './Marked';

/**
 * Progress while the worker reads (with Cancel), a located error when a load
 * fails or an input cannot be read at all, and what the page decided about a
 * load besides its result: a file refused for its size, one already open.
 */
export function StatusLine() {
  const status = useStore((s) => s.status);
  const progress = useStore((s) => s.progress);
  const loadProgress = useStore((s) => s.loadProgress);
  const error = useStore((s) => s.error);
  const unreadable = useStore((s) => s.unreadable);
  const notices = useStore((s) => s.notices);
  const setNotices = useStore((s) => s.setNotices);
  const alerts = notices.filter((n) => n.alert);
  const infos = notices.filter((n) => !n.alert);
  const noticeLists = (
    <>
      <NoticeList notices={alerts} alert onDismiss={() => setNotices(infos)} />
      <NoticeList notices={infos} alert={false} onDismiss={() => setNotices(alerts)} />
    </>
  );
  // Notices stay beside the progress: one said during a load (a sample that could not be fetched) must not wait for its end.
  if (status === 'loading') {
    return (
      <>
        <AnalysedAnnouncement />
        <LoadingStatus text={progress ?? 'Loading'} progress={loadProgress} progressLabel="Loading progress" onCancel={cancelLoading} />
        {noticeLists}
      </>
    );
  }
  return (
    <>
      <AnalysedAnnouncement />
      {error && (
        <p className="status-line status-error" role="alert">
          <Marked text={`${error.file ? `${error.file}: ` : ''}${error.message}`} />
        </p>
      )}
      {status === 'ready' && unreadable.length > 0 && (
        <ul className="status-line status-error" role="alert" aria-label="Unreadable files">
          {unreadable.map((u) => (
            <li key={u.file}>
              <Marked text={u.message} /> — not analysed; the other files are.
            </li>
          ))}
        </ul>
      )}
      {noticeLists}
    </>
  );
}

/**
 * Says to assistive technology what an analysis holds when one arrives: the
 * progress it heard was taken away at the end of a load, and then nothing
 * was said. Kept in the page throughout (first in either branch, so never
 * remounted), its text changes only with the analysis, so a cancelled load
 * says nothing again of the inputs it leaves open.
 */
function AnalysedAnnouncement() {
  const analysis = useStore((s) => s.analysis);
  return (
    <p className="visually-hidden" role="status">
      {analysis ? analysedText(analysis.inputs.map((i) => i.name), analysis.records.length, analysis.findings.length) : ''}
    </p>
  );
}

export function analysedText(names: readonly string[], records: number, findings: number): string {
  const what = names.length === 1 ? marked(names[0]!) : `${formatCount(names.length)} inputs`;
  return `Analysed ${what}: ${formatCount(records)} ${records === 1 ? 'record' : 'records'}, ${formatCount(findings)} ${findings === 1 ? 'finding' : 'findings'}.`;
}

function NoticeList({ notices, alert, onDismiss }: { notices: readonly Notice[]; alert: boolean; onDismiss: () => void }) {
  if (notices.length === 0) return null;
  return (
    <div className={`status-line status-notice${alert ? ' status-error' : ''}`}>
      <ul role={alert ? 'alert' : 'status'} aria-label={alert ? 'Not opened' : 'Notices'}>
        {notices.map((n, k) => (
          <li key={k}>
            <Marked text={n.message} />
          </li>
        ))}
      </ul>
      <button type="button" className="small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
