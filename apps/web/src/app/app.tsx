import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { currentApiBase } from '../lib/environment';
import { AppRoutes } from './routes';

/** The whole app; tests render <AppRoutes> inside their own router and providers instead. */
export function App({ apiClient }: { apiClient?: ApiClient }) {
  const [client] = useState(() => apiClient ?? createApiClient({ baseUrl: currentApiBase() }));
  return (
    <ApiClientProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ApiClientProvider>
  );
}
