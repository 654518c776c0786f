/** Writing in the browser: the console's editor over the Markdown files (decision 0018). */
export { writingRoutes } from './routes.js';
