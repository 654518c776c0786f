import type { Db } from './db/connection.js';

/** The person a data export or an erasure is about. */
export interface DataSubject {
  userId: number;
  /**
   * Their proven address, or null: only a proven address is theirs to export or erase by (an
   * unproven one on their account may be someone else's).
   */
  provenEmail: string | null;
}

/**
 * How one module exports and erases what it holds about a person. Each module with a `person`
 * table (db/ownership.ts) registers one in members' registry, which "download my data" and
 * "delete my account" walk: a table about people cannot be left out of either.
 */
export interface PersonalDataHolder {
  /** The `person` tables of the module's store it covers. */
  tables: readonly string[];
  /** Its sections of the member-data export, under the names the export shows. */
  export(db: Db, subject: DataSubject, now: string): Record<string, unknown>;
  /** Deletes its rows about the person, or keeps them without anything that names them. */
  erase(db: Db, subject: DataSubject, now: string): void;
}
