/** Site settings the owner changes at run time, one row per key in site_settings (001). */
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema, type SiteSettings } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

export const OWNED_TABLES = { site_settings: 'site' } as const satisfies OwnedTables;

/** The stored settings over the defaults; a stored value that no longer parses is ignored. */
export function readSettings(db: Db): SiteSettings {
  const rows = db.prepare('SELECT key, value FROM site_settings').all() as Array<{
    key: string;
    value: string;
  }>;
  const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const { key, value } of rows) {
    if (!Object.hasOwn(DEFAULT_SITE_SETTINGS, key)) continue;
    try {
      const candidate = { ...settings, [key]: JSON.parse(value) as unknown };
      if (siteSettingsSchema.safeParse(candidate).success) settings[key] = candidate[key];
    } catch {
      // A hand-edited row that is not JSON: keep the default.
    }
  }
  return siteSettingsSchema.parse(settings);
}

/** Stores the given keys; call inside a transaction. */
export function writeSettings(db: Db, patch: Partial<SiteSettings>, at: string): SiteSettings {
  const upsert = db.prepare(
    `INSERT INTO site_settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) upsert.run(key, JSON.stringify(value), at);
  }
  return readSettings(db);
}

/**
 * The owner's profiles as the console saved them before site.yml held them (the setting
 * `socialProfiles`, gone since): boot moves them into the file once, then forgets them.
 */
export function savedSocialProfiles(db: Db): Record<string, string> | null {
  const value = db
    .prepare("SELECT value FROM site_settings WHERE key = 'socialProfiles'")
    .pluck()
    .get() as string | undefined;
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function forgetSavedSocialProfiles(db: Db): void {
  db.prepare("DELETE FROM site_settings WHERE key = 'socialProfiles'").run();
}
