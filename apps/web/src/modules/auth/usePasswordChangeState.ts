import { useEffect, useState } from 'react';
import { getSessionValue } from '../../app/session/session-store';

/** The mail address and change token of the password-change flow, read back from the session store. */
export function usePasswordChangeState(): { loaded: boolean; mail?: string; changeToken?: string } {
  const [state, setState] = useState<{ loaded: boolean; mail?: string; changeToken?: string }>({ loaded: false });
  useEffect(() => {
    let live = true;
    void Promise.all([getSessionValue<string>('loginMail'), getSessionValue<string>('changeToken')]).then(([mail, changeToken]) => {
      if (live) setState({ loaded: true, mail, changeToken });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
