import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NotificationBanner } from './NotificationBanner';
import { makeNotice, NOTIFICATION_HIDE_MS, type Notice } from './notification-text';

export type Notify = {
  success: (body?: string, header?: string) => void;
  error: (body?: string, header?: string) => void;
  hide: () => void;
};

export const NotifyContext = createContext<Notify | undefined>(undefined);

/** One banner at a time (hidden, success or error); a new notice replaces the one shown. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<(Notice & { id: number }) | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sequence = useRef(0);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(undefined);
  }, []);
  const show = useCallback((next: Notice) => {
    clearTimeout(timer.current);
    sequence.current += 1;
    setNotice({ ...next, id: sequence.current });
    timer.current = setTimeout(() => setNotice(undefined), NOTIFICATION_HIDE_MS[next.kind]);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const notify = useMemo<Notify>(
    () => ({
      success: (body, header) => show(makeNotice('success', body, header)),
      error: (body, header) => show(makeNotice('error', body, header)),
      hide,
    }),
    [show, hide],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {notice && <NotificationBanner key={notice.id} notice={notice} onClose={hide} />}
      {children}
    </NotifyContext.Provider>
  );
}
