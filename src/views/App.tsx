import { useStore } from '../state/store';
import { CutoffSlider } from './CutoffSlider';
import { DetailView } from './DetailView';
import { DropTarget } from './DropTarget';
import { EmptyState } from './EmptyState';
import { EvalSummary } from './EvalSummary';
import { FindingsList } from './FindingsList';
import { InputsHeader } from './InputsHeader';
import { LinksView } from './LinksView';
import { LoadControls } from './LoadControls';
import { OrderView } from './OrderView';
import { PerfMarks } from './PerfMarks';
import { RejectedLines } from './RejectedLines';
import { SessionPicker } from './SessionPicker';
import { StatePanel } from './StatePanel';
import { StatusLine } from './StatusLine';

export function App() {
  const hasAnalysis = useStore((s) => s.analysis !== null);
  return (
    <DropTarget>
      <header className="topbar">
        <h1 className="brand">
          Seqscope <span className="muted">order inspector</span>
        </h1>
        <LoadControls />
      </header>
      <StatusLine />
      {hasAnalysis ? <Workspace /> : <EmptyState />}
      <PerfMarks />
    </DropTarget>
  );
}

function Workspace() {
  const hasSessions = useStore((s) => (s.analysis?.sessions.length ?? 0) > 0);
  return (
    <div className="workspace">
      <InputsHeader />
      <RejectedLines />
      <div className="columns">
        <main className="col-main">
          {hasSessions && (
            <section className="panel order-panel" aria-labelledby="order-heading">
              <div className="panel-head">
                <h2 id="order-heading">Order</h2>
                <SessionPicker />
              </div>
              <OrderView />
              <CutoffSlider />
            </section>
          )}
          {hasSessions && <StatePanel />}
          {hasSessions && <LinksView />}
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
