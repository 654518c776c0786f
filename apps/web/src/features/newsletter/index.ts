/** The newsletter feature's public face: its console, which the owner's console loads lazily. */
export { default as NewsletterConsole } from './newsletter-console';
