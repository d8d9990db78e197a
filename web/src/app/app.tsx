import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '@/features/auth/session-provider.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
