import { useContext } from 'react';
import type { SignedInUser } from '@erp/contracts';
import { SessionContext, type Session } from './SessionProvider';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user; only for screens behind the protected routes. */
export function useSignedInUser(): SignedInUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser needs a signed-in user');
  return user;
}
