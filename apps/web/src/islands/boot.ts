/**
 * The only script a reading page runs before its reader acts (decision 0035): it finds the
 * page's islands (src/islands/island.tsx) and loads src/islands/runtime.tsx — React and the
 * shell — only when one is needed:
 * - a reader's intent (pointer, focus, touch) on an `intent` island, or on a `data-action` link
 *   (Subscribe, Sign in), starts loading it; the click that follows waits for it and is then
 *   carried out (the popup, the dialog, the same control clicked again in the rendered island);
 * - `/` outside a field opens the search, as in the app;
 * - a browser that knows its reader (html[data-member], decision 0042), or a one-time
 *   query parameter the shell acts on (a confirmation link's ?verified=), starts it at once;
 * - once it runs, for whatever reason, every island goes live, the conversation (`member-visible`)
 *   when it comes near.
 */
import type { SubscribePopupPosition } from '@quillpost/domain';
import { isTypingTarget } from '../lib/typing-target';
import { URL_SIGNAL_PARAMS } from './boot-data';
import type * as Runtime from './runtime';

let loading: Promise<typeof Runtime> | undefined;
/**
 * Once React runs on the page, for whatever reason, the islands that depend on who the reader is
 * go live (soon after); for a reader this browser knows, all of them.
 */
const runtime = () =>
  (loading ??= import('./runtime').then((loaded) => {
    setTimeout(() => activateAll(loaded, document.documentElement.hasAttribute('data-member')));
    return loaded;
  }));

/**
 * What each action shows, fetched beside the runtime on the reader's intent instead of after it
 * (the runtime would ask for it only once React is running).
 */
const ACTION_CHUNKS: Record<string, () => Promise<unknown>> = {
  subscribe: () => import('../features/subscribe/subscribe-popup'),
  'sign-in': () => import('../features/sign-in/sign-in-dialog'),
};

const inactiveIsland = (target: EventTarget | null, when?: string): HTMLElement | null => {
  const island =
    target instanceof Element
      ? target.closest<HTMLElement>('[data-island]:not([data-active])')
      : null;
  return island && (!when || island.dataset.when === when) ? island : null;
};

const actionLink = (target: EventTarget | null): HTMLElement | null => {
  const link = target instanceof Element ? target.closest<HTMLElement>('[data-action]') : null;
  // Inside a rendered island, React handles its own controls.
  return link && !link.closest('[data-active]') ? link : null;
};

/**
 * Intent fetches the code; the click renders it. Rendering on intent would swap the control under
 * a pointer that is about to press it, and a press that starts on one element and ends on another
 * is no click.
 */
function onIntent(event: Event) {
  const island = inactiveIsland(event.target, 'intent');
  if (island) void runtime().then((loaded) => loaded.preload(island));
  const action = actionLink(event.target)?.dataset.action;
  if (action) {
    void runtime();
    void ACTION_CHUNKS[action]?.();
  }
}

const CONTROLS = 'a, button, input, select, textarea, summary';

/**
 * Where a control sits among its island's controls: React renders the island's HTML again, so
 * the n-th control of the old is the n-th of the new.
 */
const controlIndex = (island: HTMLElement, control: Element) =>
  [...island.querySelectorAll(CONTROLS)].indexOf(control);
const controlAt = (island: HTMLElement, index: number) =>
  index < 0 ? null : (island.querySelectorAll<HTMLElement>(CONTROLS)[index] ?? null);

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = actionLink(event.target);
  if (link) {
    event.preventDefault();
    const data = link.dataset;
    // Pressed at once, in the frame after the tap, while the code arrives.
    link.setAttribute('aria-busy', 'true');
    void ACTION_CHUNKS[data.action ?? '']?.();
    void runtime().then(async (loaded) => {
      await loaded.perform(
        data.action === 'subscribe'
          ? {
              kind: 'subscribe',
              source: data.source ?? 'page',
              position: (data.position as SubscribePopupPosition | undefined) ?? 'center',
            }
          : {
              kind: 'sign-in',
              ...(data.title ? { title: data.title } : {}),
              ...(data.return ? { returnUrl: data.return } : {}),
            },
      );
      link.removeAttribute('aria-busy');
    });
    return;
  }
  const island = inactiveIsland(event.target, 'intent');
  const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  if (!island || !control) return;
  event.preventDefault();
  const index = controlIndex(island, control);
  void runtime()
    .then((loaded) => loaded.activate(island))
    .then(() => {
      const again = controlAt(island, index);
      // Where the pressed control was: the menu gives focus back to it when it closes.
      again?.focus({ preventScroll: true });
      again?.click();
    });
}

/** `/` opens the search, outside anything the reader types into. */
function onKey(event: KeyboardEvent) {
  if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
  if (isTypingTarget(event.target)) return;
  const toggle = document.querySelector<HTMLElement>('[aria-keyshortcuts="/"]');
  const island = inactiveIsland(toggle);
  if (!toggle || !island) return;
  event.preventDefault();
  void runtime()
    .then((loaded) => loaded.activate(island))
    .then(() => island.querySelector<HTMLElement>('[aria-keyshortcuts="/"]')?.click());
}

/**
 * The islands in their places, so that they follow the shared state (a subscription made in the
 * popup shows in the header; the menu button steps aside for the account menu); the conversation
 * once it comes near. `intent` islands too only when `all` (a known reader, before they point at
 * anything): for the rest, their reader's click renders them.
 */
function activateAll(loaded: typeof Runtime, all: boolean) {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-active])')];
  // An island has no box of its own (display: contents): what it holds is what comes near.
  const nearby = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = entry.target.closest<HTMLElement>('[data-island]');
        if (!entry.isIntersecting || !island) continue;
        nearby.unobserve(entry.target);
        void loaded.activate(island);
      }
    },
    { rootMargin: '400px 0px' },
  );
  for (const island of islands) {
    if (island.dataset.when === 'member-visible')
      nearby.observe(island.firstElementChild ?? island);
    else if (all || island.dataset.when !== 'intent') void loaded.activate(island);
  }
}

/**
 * With JavaScript, Subscribe and Sign In open a dialog instead of leaving the page: buttons, as
 * a screen reader should hear them, that Space presses as well as Enter.
 */
function upgradeActionLinks() {
  for (const link of document.querySelectorAll<HTMLElement>('a[data-action]')) {
    link.setAttribute('role', 'button');
    link.setAttribute('aria-haspopup', 'dialog');
  }
  document.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    const link = actionLink(event.target);
    if (!link || link !== event.target) return;
    event.preventDefault();
    link.click();
  });
}

export function bootIslands(): void {
  upgradeActionLinks();
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  const known = document.documentElement.hasAttribute('data-member');
  if (known || URL_SIGNAL_PARAMS.test(window.location.search)) void runtime();
  // The page's controls now answer as they will (what tests and tools wait for).
  document.documentElement.setAttribute('data-enhanced', '');
}
