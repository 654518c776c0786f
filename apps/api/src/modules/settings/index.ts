/** Site settings the owner edits in the console, kept in the database. */
export { readSettings, writeSettings } from './settings.js';
