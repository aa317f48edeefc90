import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/App';
import { warmReaderWhenIdle } from './state/loader';
import { fetchSamples } from './state/sampleFetch';
import { startEvidenceSync } from './state/evidenceSync';
import { startUrlSync } from './state/urlSync';
import { loadWorkspaceWhenIdle } from './views/workspaceChunk';
import './styles/base.css';
import './styles/layout.css';
import './styles/loading.css';
import './styles/inputs.css';
import './styles/order.css';
import './styles/panels.css';
import './styles/findings.css';
import './styles/evidence.css';
import './styles/inert.css';
import './styles/scale.css';

void fetchSamples();
warmReaderWhenIdle();
loadWorkspaceWhenIdle();
startEvidenceSync();
startUrlSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
