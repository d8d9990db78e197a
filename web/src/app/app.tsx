import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '@/features/auth/session-provider.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { SessionRealtime } from './session-realtime.tsx';

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <SessionRealtime>
              <AppRoutes />
            </SessionRealtime>
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
