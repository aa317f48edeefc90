import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/App';
import { fetchSamples } from './state/loader';
import { startUrlSync } from './state/urlSync';
import './styles/base.css';
import './styles/layout.css';
import './styles/views.css';

void fetchSamples();
startUrlSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
