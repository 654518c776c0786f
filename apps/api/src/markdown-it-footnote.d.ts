// markdown-it-footnote ships no types, and @types/markdown-it-footnote is written against
// markdown-it 14's community types, not the ones markdown-it 15 ships.
declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';
  const footnote: PluginSimple;
  export default footnote;
}
