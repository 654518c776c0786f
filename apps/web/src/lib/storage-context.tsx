import { createContext, use, type ReactNode } from 'react';
import { storage as browserStorage, type SafeStorage } from './storage';

const StorageContext = createContext<SafeStorage>(browserStorage);

/** Components read local storage through this, so tests can hand in an in-memory store. */
export function StorageProvider({
  storage,
  children,
}: {
  storage: SafeStorage;
  children: ReactNode;
}) {
  return <StorageContext value={storage}>{children}</StorageContext>;
}

export function useStorage(): SafeStorage {
  return use(StorageContext);
}
