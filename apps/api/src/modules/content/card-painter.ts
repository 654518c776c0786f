/**
 * Preview cards are drawn when an item is published, not when the first link preview asks for
 * one: after each change of the content (a sync, the editor's save, a scheduled item's time), the
 * cards of published items are drawn one at a time, by the image worker in its idle moments (a
 * 4,000-post import's cards never take the server's threads). A card already on disk (same title,
 * picture, site and accent) costs a stat, so a pass over an unchanged site is cheap.
 */
import type { Logger } from 'pino';
import type { Env } from '../../env.js';
import type { ImageWorker } from '../images/index.js';
import { previewCardsDir } from '../site/index.js';
import { CARD_KINDS, drawCard } from './discovery-routes.js';
import type { ContentService } from './service.js';

/** How often the painter looks for a change; the content watcher itself polls every second. */
const LOOK_EVERY_MS = 5_000;

export function paintPreviewCards(
  env: Pick<Env, 'CONTENT_DIR' | 'DATABASE_PATH'>,
  content: ContentService,
  logger: Logger,
  worker: Pick<ImageWorker, 'card'>,
): { stop(): void; painted(): Promise<void> } {
  const cardsDir = previewCardsDir(env);
  let paintedFor: string | null = null;
  let painting: Promise<void> = Promise.resolve();

  async function paint(): Promise<void> {
    for (const { kind, label } of Object.values(CARD_KINDS)) {
      for (const row of content.rows(kind)) {
        const item = { title: row.title, picture: row.featured_image_url };
        await drawCard({ env, content, cardsDir, worker }, label, item, {
          background: true,
        }).catch((error: unknown) =>
          logger.warn({ err: error, kind, slug: row.slug }, 'preview card not drawn'),
        );
      }
    }
  }

  function look() {
    // The identity is part of every card: a new title or accent redraws them all.
    const state = `${content.version()}:${JSON.stringify(content.identity())}`;
    if (state === paintedFor) return;
    paintedFor = state;
    painting = painting.then(paint);
  }

  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    /** Looks for a change now; resolves when every card is drawn. */
    painted() {
      look();
      return painting;
    },
  };
}
