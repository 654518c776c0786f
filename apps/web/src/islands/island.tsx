/**
 * A part of a reading page that a reader can act on (decision 0035). The server renders it with
 * the rest of the page; the browser leaves it as that HTML until it is needed, and then
 * src/islands/runtime.tsx renders the same component with the same props in its place, inside the
 * one React root every island of the page shares. Inside the client-routed app (the members area,
 * the console) it is just its component.
 *
 * When it is needed:
 * - `intent`: a pointer over it, focus in it or a touch on it (a click before then waits for it);
 * - `member`: at once, for a reader this browser knows (a subscriber or member, html[data-member],
 *   decision 0042), whose version of it differs from the visitor's the server rendered;
 * - `member-visible`: the same, once it scrolls near the viewport.
 * Once React runs on a page, for any of these reasons, every island goes live.
 */
import type { ComponentType } from 'react';

export type IslandWhen = 'intent' | 'member' | 'member-visible';

/** Every island; src/islands/registry.ts says where each one's component loads from. */
export type IslandName =
  | 'header-actions'
  | 'next-step'
  | 'site-search'
  | 'mobile-menu'
  | 'subscribe-call'
  | 'conversation'
  | 'bookmark'
  | 'books-table';

export const ISLAND_ATTRIBUTE = 'data-island';

export function Island<P extends object>({
  name,
  when,
  component: Component,
  props,
}: {
  name: IslandName;
  when: IslandWhen;
  /** The component src/islands/registry.ts loads for `name`. */
  component: ComponentType<P>;
  /** As JSON in the page: the browser renders the island with exactly these. */
  props: P;
}) {
  return (
    <div className="island" data-island={name} data-when={when} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
