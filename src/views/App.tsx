import { useStore } from '../state/store';
import { ComparePanel } from './ComparePanel';
import { CutoffSlider } from './CutoffSlider';
import { DetailView } from './DetailView';
import { DropTarget } from './DropTarget';
import { EmptyState } from './EmptyState';
import { EvalSummary } from './EvalSummary';
import { EvidenceBar } from './EvidenceBar';
import { FindingsList } from './FindingsList';
import { InputsHeader } from './InputsHeader';
import { LinkRequest } from './LinkRequest';
import { LinkWarning } from './LinkWarning';
import { LoadControls } from './LoadControls';
import { LinksArea, OrderArea } from './OrderArea';
import { PerfMarks } from './PerfMarks';
import { RejectedLines } from './RejectedLines';
import { SessionPicker } from './SessionPicker';
import { StatePanel } from './StatePanel';
import { StatusLine } from './StatusLine';

export function App() {
  const hasAnalysis = useStore((s) => s.analysis !== null);
  const waitingForFiles = useStore((s) => s.pendingLink !== null);
  return (
    <DropTarget>
      <header className="topbar">
        <h1 className="brand">
          Seqscope <span className="muted">order inspector</span>
        </h1>
        <LoadControls />
      </header>
      <StatusLine />
      <LinkWarning />
      {waitingForFiles ? <LinkRequest /> : hasAnalysis ? <Workspace /> : <EmptyState />}
      <PerfMarks />
    </DropTarget>
  );
}

function Workspace() {
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
