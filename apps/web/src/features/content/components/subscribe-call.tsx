import { SHELL_MESSAGES } from '@quillpost/domain';
import { preloadSubscribePopup, useSubscribePopup } from '../../subscribe';
import './content.css';

/**
 * An invitation to subscribe inside a reading page. The button opens the global subscribe popup
 * (its controller belongs to the subscribe feature); `source` says which page asked.
 */
export function SubscribeCall({
  source,
  title = 'Letters from the desk',
  text = 'A short letter, roughly once a month: new essays, what I am building and reading, and the odd poem. No tracking, and you can leave with one click.',
  headingLevel = 2,
}: {
  source: string;
  title?: string;
  text?: string;
  headingLevel?: 2 | 3;
}) {
  const { openPopup } = useSubscribePopup();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <aside className="subscribe-call" aria-label="Newsletter">
      <div>
        <Heading className="subscribe-call__title">{title}</Heading>
        <p className="subscribe-call__text">{text}</p>
      </div>
      <button
        type="button"
        className="button button--primary"
        onClick={() => openPopup({ source, position: 'center', backdrop: true })}
        onPointerEnter={preloadSubscribePopup}
        onFocus={preloadSubscribePopup}
      >
        {SHELL_MESSAGES.SUBSCRIBE}
      </button>
    </aside>
  );
}
