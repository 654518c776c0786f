import { bodyKey, sealBody } from '../../mail/sealed-body.js';
import type { CodeMigration } from './code-migration.js';

interface ClearRow {
  id: number;
  message_id: string;
  html: string;
  text: string;
  headers: string;
}

/**
 * 010: outbox bodies sealed at rest (mail/sealed-body.ts). Mail still waiting is sealed with the
 * key from SESSION_SECRET; delivered and failed mail loses its body; the clear columns go. With
 * secure_delete on, the clear text is zeroed in the file, not left in free pages.
 */
export const sealedMailBodies: CodeMigration = {
  version: 10,
  name: '010-sealed-mail-bodies',
  run(db, { sessionSecret }) {
    db.exec('ALTER TABLE mail_outbox ADD COLUMN body BLOB');
    const waiting = db
      .prepare(
        `SELECT id, message_id, html, text, headers FROM mail_outbox
         WHERE status IN ('pending', 'sending')`,
      )
      .all() as ClearRow[];
    if (waiting.length && !sessionSecret) {
      throw new Error(`${waiting.length} queued mails need SESSION_SECRET to be sealed`);
    }
    const seal = db.prepare('UPDATE mail_outbox SET body = ? WHERE id = ?');
    for (const row of waiting) {
      const key = bodyKey(sessionSecret ?? '');
      const headers = JSON.parse(row.headers) as Record<string, string>;
      seal.run(sealBody(key, row.message_id, { html: row.html, text: row.text, headers }), row.id);
    }
    const wiped = db
      .prepare(`SELECT COUNT(*) FROM mail_outbox WHERE status IN ('sent', 'failed')`)
      .pluck()
      .get() as number;
    db.exec(`ALTER TABLE mail_outbox DROP COLUMN html;
      ALTER TABLE mail_outbox DROP COLUMN text;
      ALTER TABLE mail_outbox DROP COLUMN headers;`);
    return waiting.length || wiped
      ? [
          `sealed ${waiting.length} queued mails; removed the bodies of ${wiped} sent or failed ones`,
        ]
      : [];
  },
};
