/**
 * Webmention (issue 38 item 5, decision 0034): what a sender posts to the site's endpoint, as the
 * W3C recommendation words it: form-encoded `source` and `target`, two different http(s) URLs
 * (without credentials).
 */
import { z } from 'zod';
import { isSafeWebUrl } from '../comment-text.js';
import { type Ctx, coded } from './member-fields.js';

/** Longer addresses are not pages anyone links to; the cap keeps the queue's rows small. */
export const WEBMENTION_URL_MAX_LENGTH = 2048;

const webAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= WEBMENTION_URL_MAX_LENGTH && isSafeWebUrl(value);

/** POST /webmention */
export const webmentionBodySchema = z
  .object({ source: z.unknown().optional(), target: z.unknown().optional() })
  .superRefine((body, ctx: Ctx) => {
    if (!webAddress(body.source)) coded(ctx, 'WEBMENTION_SOURCE_INVALID', body.source);
    else if (!webAddress(body.target)) coded(ctx, 'WEBMENTION_TARGET_INVALID', body.target);
    else if (body.source === body.target) coded(ctx, 'WEBMENTION_SAME_URL', body.target);
  })
  .transform((body) => ({ source: String(body.source), target: String(body.target) }));
export type WebmentionBody = z.output<typeof webmentionBodySchema>;
