/**
 * History state across a document navigation: a reading page's islands (src/islands/runtime.tsx)
 * leave for another page as a real navigation, which history state cannot cross (the subscribe
 * popup sends its reader to /signedup with the address they gave). It waits in this tab's
 * sessionStorage, for that address only, and src/app/hydrate.tsx puts it back as the entry's
 * state before the router reads it.
 */
const KEY = 'carried_navigation_state';

export function carryState(path: string, state: unknown): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, state }));
  } catch {
    // Without storage the page still opens, in its plain form.
  }
}

/** The router's history entry format (React Router's browser history keeps `usr` as state). */
export function restoreCarriedState(): void {
  try {
    const carried = sessionStorage.getItem(KEY);
    if (carried === null) return;
    sessionStorage.removeItem(KEY);
    const { path, state } = JSON.parse(carried) as { path: string; state: unknown };
    if (path !== window.location.pathname + window.location.search) return;
    window.history.replaceState({ usr: state, key: 'carried', idx: 0 }, '');
  } catch {
    // A broken entry is dropped with the rest.
  }
}
