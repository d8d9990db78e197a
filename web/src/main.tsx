// Styles before any component: the tokens, then the global base, so every CSS Module
// (imported by the components below) comes later in the cascade and wins ties.
import '@/styles/tokens.css';
import '@/styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { recordError } from '@/app/error-boundary.tsx';

// Errors outside React's render (event handlers, timers, promises) are kept too (docs/quiz.md).
window.addEventListener('error', (event) => {
  if (event.error !== undefined || event.message) recordError(event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => recordError(event.reason));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
