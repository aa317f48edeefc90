import { openSample } from '../state/loader';
import { retrySamples } from '../state/sampleFetch';
import { useStore } from '../state/store';
import { SampleList } from './SampleList';

export function EmptyState() {
  const samples = useStore((s) => s.samples);
  const loading = useStore((s) => s.status === 'loading');
  return (
    <main className="empty-state">
      <section className="empty-intro" aria-labelledby="empty-title">
        <h2 id="empty-title">See the order your agent's host really accepted</h2>
        <p>
          Seqscope reads AI-agent session logs and eval records and shows where <strong>acceptance order</strong> (<code>accept_seq</code>) and{' '}
          <strong>storage order</strong> (position in the file) disagree, the state as of any acceptance step with nothing from later leaking in, decisions
          that flip when a log is replayed in file order, lost updates between two writers, references that outlived a clear, and eval results that
          contradict each other.
        </p>
        <p>
          <strong>Open files</strong> above, drop them anywhere on this page, or paste log text (<kbd>Ctrl</kbd>+<kbd>V</kbd>). Read as they are: Seqscope's
          native JSON Lines or JSON, Codex CLI rollouts, Inspect AI logs (<code>.json</code>, <code>.eval</code>), promptfoo results, and OpenAI Agents SDK
          run states and session databases, any of them gzipped. Everything stays in this browser tab: nothing is uploaded.
        </p>
      </section>
      <section className="empty-samples" aria-labelledby="samples-title">
        <h2 id="samples-title">Or start from a sample</h2>
        {samples === null ? (
          <p className="muted">Loading…</p>
        ) : samples.length === 0 ? (
          <p className="muted">
            No bundled samples were found: their list could not be fetched, or is empty.{' '}
            <button type="button" className="small" onClick={() => void retrySamples()}>
              Try again
            </button>
          </p>
        ) : (
          <>
            {loading && <p className="muted">Choosing a sample replaces the file being read.</p>}
            <SampleList samples={samples} onPick={(file) => void openSample(file)} />
          </>
        )}
      </section>
    </main>
  );
}
