import { useStore } from '../state/store';
import { ComparePanel } from './ComparePanel';
import { CutoffSlider } from './CutoffSlider';
import { DetailView } from './DetailView';
import { EvalSummary } from './EvalSummary';
import { EvidenceBar } from './EvidenceBar';
import { FindingsList } from './FindingsList';
import { InputsHeader } from './InputsHeader';
import { LinksArea, OrderArea } from './OrderArea';
import { RejectedLines } from './RejectedLines';
import { SessionPicker } from './SessionPicker';
import { StatePanel } from './StatePanel';
import { nothingToDrawText } from './nothingRead';
import { useWarmSessions } from './warmSessions';

/** Everything shown once inputs are analysed; its code loads apart from the first page (workspaceChunk.ts). */
export function Workspace() {
  const hasSessions = useStore((s) => (s.analysis?.sessions.length ?? 0) > 0);
  const readNothing = useStore((s) => s.analysis?.records.length === 0);
  useWarmSessions();
  return (
    <div className="workspace">
      <InputsHeader />
      <EvidenceBar />
      <RejectedLines />
      <div className="columns">
        <main className="col-main">
          <ComparePanel />
          {hasSessions && (
            <section className="panel order-panel" aria-labelledby="order-heading">
              <div className="panel-head">
                <h2 id="order-heading">Order</h2>
                <SessionPicker />
              </div>
              <OrderArea />
              <CutoffSlider />
            </section>
          )}
          {readNothing && <NothingToDraw />}
          {hasSessions && <StatePanel />}
          {hasSessions && <LinksArea />}
          <EvalSummary />
        </main>
        <aside className="col-side">
          <FindingsList />
          <DetailView />
        </aside>
      </div>
    </div>
  );
}

/** In place of the order view when no record was read: the page's widest column was left blank. */
function NothingToDraw() {
  const inputs = useStore((s) => s.analysis?.inputs);
  if (!inputs) return null;
  return (
    <section className="panel order-panel" aria-labelledby="order-heading">
      <div className="panel-head">
        <h2 id="order-heading">Order</h2>
      </div>
      <p className="muted">{nothingToDrawText(inputs)}</p>
    </section>
  );
}
