import { useMemo } from 'react';
import { entityOperations, hasOperation, type EntityDef } from '@erp/contracts';
import { useSignedInUser } from './shell-adapter';

export type EntityAbilities = { save: boolean; edit: boolean; delete: boolean; import: boolean; export: boolean };

/** Which of Save, Edit, Delete, Import and Export the signed-in role holds for the entity; the server checks again. */
export function useEntityOperations(def: Pick<EntityDef, 'permission'>): EntityAbilities {
  const { permissions } = useSignedInUser().parentRole;
  return useMemo(() => {
    const labels = entityOperations(def);
    return {
      save: hasOperation(permissions, labels.save),
      edit: hasOperation(permissions, labels.edit),
      delete: hasOperation(permissions, labels.delete),
      import: hasOperation(permissions, labels.import),
      export: hasOperation(permissions, labels.export),
    };
  }, [def, permissions]);
}
