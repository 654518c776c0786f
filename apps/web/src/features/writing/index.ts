/** The writing feature's public face: its console section, which the owner's console loads lazily. */
export { default as WritingConsole } from './writing-console';
