import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';

export type NoticeTone = 'success' | 'error' | 'info';
export interface Notice {
  tone: NoticeTone;
  text: string;
}

/** A notice belongs to the page it was raised on; navigating away retires it. */
export function usePageNotice(): [Notice | null, (next: Notice | null) => void] {
  const { pathname } = useLocation();
  const [noticeState, setNoticeState] = useState<{ notice: Notice; path: string } | null>(null);
  const notice = noticeState?.path === pathname ? noticeState.notice : null;
  const showNotice = useCallback(
    (next: Notice | null) => setNoticeState(next ? { notice: next, path: pathname } : null),
    [pathname],
  );
  return [notice, showNotice];
}
