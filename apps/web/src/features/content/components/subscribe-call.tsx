import { PAGE_PATHS, recommendedAction, SHELL_MESSAGES } from '@quillpost/domain';
import { preloadSubscribePopup, useSubscribePopup } from '../../subscribe';
import { useMembership } from '../../../lib/membership/membership-context';
import { useSite } from '../../../lib/use-site';
import { Island } from '../../../islands/island';
import { ActionLink } from '../../../components/action-link';
import './content.css';

/**
 * An invitation to subscribe inside a reading page, in the owner's words (site.yml's
 * `subscribe`): the one for the end of a post `afterPost`. The button opens the global subscribe
 * popup (its controller belongs to the subscribe feature); `source` says which page asked. Only
 * for those who may still subscribe: not a subscriber, nor staff (as the header decides).
 */
interface SubscribeCallProps {
  source: string;
  afterPost?: boolean;
  headingLevel?: 2 | 3;
}

export function SubscribeCallBody({
  source,
  afterPost = false,
  headingLevel = 2,
}: SubscribeCallProps) {
  const { openPopup } = useSubscribePopup();
  const { initializing, progression } = useMembership();
  const words = useSite().subscribe;
  // Until the session is known it stays, as the server rendered it for a visitor.
  if (!initializing && recommendedAction(progression) !== 'subscribe') return null;
  const title = afterPost ? words.afterPostTitle : words.title;
  const text = afterPost ? words.afterPostText : words.text;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <aside className="subscribe-call" aria-label="Newsletter">
      <div>
        <Heading className="subscribe-call__title">{title}</Heading>
        <p className="subscribe-call__text">{text}</p>
      </div>
      {/* A link to the subscribe page without JavaScript; src/islands/boot.ts opens the popup. */}
      <ActionLink
        href={`${PAGE_PATHS.subscribe}?source=${encodeURIComponent(source)}`}
        className="button button--primary"
        action="subscribe"
        data={{ source }}
        onAct={() => openPopup({ source, position: 'center', backdrop: true })}
        onPointerEnter={preloadSubscribePopup}
        onFocus={preloadSubscribePopup}
      >
        {SHELL_MESSAGES.SUBSCRIBE}
      </ActionLink>
    </aside>
  );
}

/** Changes only for a reader this browser knows (a subscriber sees none). */
export function SubscribeCall(props: SubscribeCallProps) {
  return <Island name="subscribe-call" when="member" component={SubscribeCallBody} props={props} />;
}
