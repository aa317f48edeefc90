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

/** Everything shown once inputs are analysed; its code loads apart from the first page (workspaceChunk.ts). */
export function Workspace() {
  const hasSessions = useStore((s) => (s.analysis?.sessions.length ?? 0) > 0);
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
