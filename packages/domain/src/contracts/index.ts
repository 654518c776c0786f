export * from './common.js';
export * from './auth.js';
export * from './subscriptions.js';
export * from './posts.js';
export * from './content.js';
export * from './members.js';
export * from './newsletter.js';
export * from './page-rendering.js';
