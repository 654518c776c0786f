/** Site settings the owner edits in the console, kept in the database. */
export {
  forgetSavedSocialProfiles,
  readSettings,
  savedSocialProfiles,
  writeSettings,
} from './store.js';
