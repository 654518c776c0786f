import type { ReactNode } from 'react';
import type { ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import type { SafeStorage } from '../lib/storage';
import { StorageProvider } from '../lib/storage-context';

/**
 * What every render of the app stands on: the API client and storage that components take from
 * context. The browser passes the real ones around its RouterProvider, the server a client that
 * never leaves the process and storage with nothing in it, tests their fakes.
 */
export function AppProviders({
  apiClient,
  storage,
  children,
}: {
  apiClient: ApiClient;
  storage: SafeStorage;
  children: ReactNode;
}) {
  return (
    <ApiClientProvider client={apiClient}>
      <StorageProvider storage={storage}>{children}</StorageProvider>
    </ApiClientProvider>
  );
}
