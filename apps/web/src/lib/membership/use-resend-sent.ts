import { RESEND_SENT_STATUS_MS } from '@quillpost/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a confirmation mail was sent again moments ago (the header says so for a while instead
 * of offering to resend), and the call that says it was.
 */
export function useResendSent(): [boolean, () => void] {
  const [resendSentRecently, setResendSentRecently] = useState(false);
  const resendTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resendTimer.current), []);

  const markResendSent = useCallback(() => {
    setResendSentRecently(true);
    clearTimeout(resendTimer.current);
    resendTimer.current = setTimeout(() => setResendSentRecently(false), RESEND_SENT_STATUS_MS);
  }, []);

  return [resendSentRecently, markResendSent];
}
