/**
 * The body's editor: CodeMirror 6 with its Markdown language (decision 0018), loaded with the
 * editor page only, never with a reading page. Bold, italic, link and headings from the keyboard;
 * an image dropped or pasted in is handed to the page, which puts it in on a line of its own.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage, pasteURLAsLink } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { EditorSelection, EditorState, type ChangeSpec } from '@codemirror/state';
import { drawSelection, EditorView, keymap, placeholder, type Command } from '@codemirror/view';
import { useEffect, useEffectEvent, useRef } from 'react';
import { blockInsertion } from '../block-insert';

/** Wraps each selection in `before` and `after`, or unwraps it when it already is. */
function wrapWith(before: string, after = before): Command {
  return (view) => {
    const changes = view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to);
      const wrapped =
        view.state.sliceDoc(range.from - before.length, range.from) === before &&
        view.state.sliceDoc(range.to, range.to + after.length) === after;
      if (wrapped) {
        return {
          changes: [
            { from: range.from - before.length, to: range.from },
            { from: range.to, to: range.to + after.length },
          ],
          range: EditorSelection.range(range.from - before.length, range.to - before.length),
        };
      }
      return {
        changes: { from: range.from, to: range.to, insert: `${before}${text}${after}` },
        range: EditorSelection.range(
          range.from + before.length,
          range.from + before.length + text.length,
        ),
      };
    });
    view.dispatch(view.state.update(changes, { scrollIntoView: true, userEvent: 'input' }));
    return true;
  };
}

/** `[text](https://)` with the address selected, ready to paste over. */
const link: Command = (view) => {
  const changes = view.state.changeByRange((range) => {
    const text = view.state.sliceDoc(range.from, range.to) || 'link text';
    const insert = `[${text}](https://)`;
    const urlStart = range.from + text.length + 3;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(urlStart, urlStart + 'https://'.length),
    };
  });
  view.dispatch(view.state.update(changes, { scrollIntoView: true, userEvent: 'input' }));
  return true;
};

/** Makes the cursor's line a heading of `level`, or plain text when it already is one. */
function heading(level: number): Command {
  return (view) => {
    const line = view.state.doc.lineAt(view.state.selection.main.head);
    const marks = /^#{1,6} /.exec(line.text)?.[0] ?? '';
    const wanted = `${'#'.repeat(level)} `;
    const change: ChangeSpec = {
      from: line.from,
      to: line.from + marks.length,
      insert: marks === wanted ? '' : wanted,
    };
    view.dispatch({ changes: change, userEvent: 'input' });
    return true;
  };
}

const FORMATTING = keymap.of([
  { key: 'Mod-b', run: wrapWith('**') },
  { key: 'Mod-i', run: wrapWith('*') },
  { key: 'Mod-k', run: link },
  { key: 'Mod-Alt-1', run: heading(1) },
  { key: 'Mod-Alt-2', run: heading(2) },
  { key: 'Mod-Alt-3', run: heading(3) },
]);

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** The id of the element that names the editor ("Body"). */
  labelledBy: string;
  /** Files dropped or pasted in (images or not: the page says why one stays out). */
  onFiles(files: File[]): void;
  /** Receives the function that puts a block of Markdown in at the cursor, on its own lines. */
  onReady?(insertBlock: (text: string) => void): void;
}

export default function MarkdownEditor({
  value,
  onChange,
  labelledBy,
  onFiles,
  onReady,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useEffectEvent((text: string) => onChange(text));
  const filesIn = useEffectEvent((files: File[]) => onFiles(files));
  const ready = useEffectEvent((insert: (text: string) => void) => onReady?.(insert));

  useEffect(() => {
    const insertBlock = (editor: EditorView, text: string) => {
      const { from, to } = editor.state.selection.main;
      const block = blockInsertion(editor.state.doc.toString(), from, to, text);
      editor.dispatch({
        changes: { from: block.from, to: block.to, insert: block.insert },
        selection: { anchor: block.cursor },
        scrollIntoView: true,
        userEvent: 'input',
      });
      editor.focus();
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          drawSelection(),
          EditorView.lineWrapping,
          // The language without markdown()'s HTML-tag completion, which brings the HTML, CSS and
          // JavaScript languages with it (half of this chunk, for a phone to fetch and parse).
          new LanguageSupport(markdownLanguage),
          keymap.of(markdownKeymap),
          pasteURLAsLink,
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          placeholder('Write here. Markdown works: **bold**, *italic*, [a link](https://…).'),
          FORMATTING,
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            'aria-multiline': 'true',
            spellcheck: 'true',
            autocapitalize: 'sentences',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event) {
              const files = [...(event.clipboardData?.files ?? [])];
              if (!files.length) return false;
              event.preventDefault();
              filesIn(files);
              return true;
            },
            drop(event) {
              const files = [...(event.dataTransfer?.files ?? [])];
              if (!files.length) return false;
              event.preventDefault();
              filesIn(files);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = editor;
    ready((text) => insertBlock(editor, text));
    return () => editor.destroy();
    // The editor is made once; later values come in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelledBy]);

  // A value from outside (a restored draft, a revision, the disk's version) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="markdown-editor" />;
}
