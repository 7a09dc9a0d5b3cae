import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntityDef, EntityRecord } from '@erp/contracts';
import { deleteEntity, entityKey } from './kit-api';
import { useNotify } from './shell-adapter';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/**
 * Deletes records one by one and reports once: success when all went, otherwise the server's
 * refusals (a 409 names what still uses the record). Answers the ids that were deleted.
 */
export function useEntityDelete(def: EntityDef) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const remove = async (records: readonly EntityRecord[]): Promise<string[]> => {
    setDeleting(true);
    const deleted: string[] = [];
    const refusals: string[] = [];
    try {
      for (const record of records) {
        try {
          await deleteEntity(def, record.id);
          deleted.push(record.id);
        } catch (error) {
          refusals.push(`${String(record[def.key[0]!] ?? record.id)}: ${messageOf(error)}`);
        }
      }
    } finally {
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: entityKey(def) });
    }
    if (refusals.length === 0) notify.success();
    else notify.error(`${deleted.length > 0 ? `Deleted ${deleted.length} of ${records.length}. ` : ''}${refusals.join('; ')}`);
    return deleted;
  };
  return { remove, deleting };
}
