import { useMemo } from 'react';
import { hasOperation, hasPage } from '@erp/contracts';
import { useSignedInUser } from './useSession';

export type Grants = {
  /** The role holds the page (a child page rides on its parent): the server answers that page's reads. */
  mayOpen: (link: string) => boolean;
  /** The role holds the operation label: the server accepts that write. */
  may: (label: string) => boolean;
};

/**
 * What the signed-in user's role may read and do, for screens to ask only for what the server will
 * answer and to offer only the buttons it will accept (a refused call or button is a defect, not a toast).
 */
export function useGrants(): Grants {
  const { permissions } = useSignedInUser().parentRole;
  return useMemo(() => ({ mayOpen: (link) => hasPage(permissions, link), may: (label) => hasOperation(permissions, label) }), [permissions]);
}
