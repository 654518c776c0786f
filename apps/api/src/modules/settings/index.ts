/** Site settings the owner edits in the console, kept in the database. */
export { readSettings, writeSettings } from './store.js';
