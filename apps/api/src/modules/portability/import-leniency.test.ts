/**
 * Exports as people have them (issue 35): the slightly broken XML WordPress plugins write, a
 * Substack podcast, password-protected and private posts, a list with no dates, and names a
 * spreadsheet would run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../csv.js";
import { createContentFolder } from "../../test-support/content.js";
import { createTestApp } from "../../test-support/test-app.js";
import {
  exportEverything,
  openExport,
  readExport,
  runImport,
  type ImportSource,
} from "./index.js";

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function site() {
  const folder = createContentFolder({});
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "quillpost-leniency-"));
  cleanups.push(folder.cleanup, t.cleanup, () =>
    fs.rmSync(scratch, { recursive: true }),
  );
  return { t, dir: folder.dir, scratch };
}

/** Imports the export at `location` (remote images are left remote). */
async function importInto(
  s: ReturnType<typeof site>,
  source: ImportSource,
  location: string,
) {
  const files = await openExport(location);
  return runImport(
    {
      db: s.t.deps.db,
      contentDir: s.dir,
      reportsDir: path.join(s.scratch, "imports"),
      now: new Date(s.t.clock.now()).toISOString(),
      fetchImage: async () => null,
    },
    source,
    readExport(source, files),
    files,
    { dryRun: false, overwrite: false, category: "write", fetchImages: true },
  );
}

function writeFile(
  s: ReturnType<typeof site>,
  name: string,
  text: string | Buffer,
) {
  const file = path.join(s.scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

const verifiedAtOf = (s: ReturnType<typeof site>) =>
  s.t.deps.db
    .prepare("SELECT email, verified_at FROM subscriptions ORDER BY email")
    .all() as Array<{ email: string; verified_at: string | null }>;

describe("a list of addresses without dates", () => {
  it("leaves the confirmation date empty instead of the import’s, and the report says so", async () => {
    const s = site();
    const bare = writeFile(
      s,
      "readers.csv",
      "Email Address\nann@example.com\nben@example.com\n",
    );
    const report = await importInto(s, "csv", bare);
    expect(report.created.subscribers).toBe(2);
    expect(verifiedAtOf(s)).toEqual([
      { email: "ann@example.com", verified_at: null },
      { email: "ben@example.com", verified_at: null },
    ]);
    expect(report.refused).toEqual([
      {
        where: "readers.csv",
        message:
          "No date column: its 2 subscribers are imported without a date.",
      },
    ]);

    const dated = writeFile(
      s,
      "dated.csv",
      "email,created_at\ncy@example.com,2023-05-01 09:00\ndi@example.com,\n",
    );
    const second = await importInto(s, "csv", dated);
    expect(second.refused).toEqual([
      {
        where: "dated.csv line 3",
        message: "No date: imported without a date.",
      },
    ]);
    expect(verifiedAtOf(s).slice(2)).toEqual([
      { email: "cy@example.com", verified_at: "2023-05-01T09:00:00.000Z" },
      { email: "di@example.com", verified_at: null },
    ]);
  });
});

describe("CSV cells a spreadsheet would run", () => {
  const NAMES = [
    ";SUM(1)",
    "|calc",
    "＝1+1",
    "＋1",
    "－1",
    "＠me",
    "=HYPERLINK(1)",
    "-2",
  ];

  it("are written with the guard in the site’s export, and read back as they were", async () => {
    const from = site();
    const list = NAMES.map(
      (name, i) => `reader${i}@example.com,"${name}"`,
    ).join("\n");
    await importInto(
      from,
      "csv",
      writeFile(from, "list.csv", `email,name\n${list}\n`),
    );
    const archive = path.join(from.scratch, "everything.zip");
    await exportEverything(
      {
        db: from.t.deps.db,
        contentDir: from.dir,
        siteTitle: "Sam",
        now: "2026-11-26T12:00:00Z",
      },
      archive,
    );
    const [header, ...rows] = parseCsv(
      (await openExport(archive)).read("subscribers.csv").toString("utf8"),
    );
    const nameAt = header!.cells.indexOf("name");
    expect(rows.map((row) => row.cells[nameAt])).toEqual(
      NAMES.map((name) => `'${name}`),
    );

    const to = site();
    await importInto(to, "archive", archive);
    expect(
      to.t.deps.db
        .prepare("SELECT name FROM subscriptions ORDER BY email")
        .pluck()
        .all(),
    ).toEqual(NAMES);
  });
});
