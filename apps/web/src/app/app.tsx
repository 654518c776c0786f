import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { currentApiBase } from '../lib/environment';
import { storage as browserStorage, type SafeStorage } from '../lib/storage';
import { StorageProvider } from '../lib/storage-context';
import { AppShell } from './app-shell';

/** The whole app with its real dependencies; tests render <AppShell> with fakes instead. */
export function App({ apiClient, storage }: { apiClient?: ApiClient; storage?: SafeStorage }) {
  const [client] = useState(() => apiClient ?? createApiClient({ baseUrl: currentApiBase() }));
  return (
    <ApiClientProvider client={client}>
      <StorageProvider storage={storage ?? browserStorage}>
        <BrowserRouter>
          <AppShell />
        </BrowserRouter>
      </StorageProvider>
    </ApiClientProvider>
  );
}
