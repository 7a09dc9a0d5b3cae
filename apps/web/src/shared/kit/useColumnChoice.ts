import { useCallback, useEffect, useState } from 'react';
import { listFields, type EntityDef } from '@erp/contracts';
import { PHONE_LIST_COLUMNS, PHONE_QUERY } from '../layout';
import { useMediaQuery } from '../useMediaQuery';
import { getSessionValue, setSessionValue } from './shell-adapter';

/** Chosen columns per entity name; kept in the encrypted session store (local storage holds only three keys). */
type StoredChoice = Record<string, string[]>;

/**
 * The list columns shown: the definition's list fields (on a phone the first two, what names a row:
 * docs/breakpoints.md) until the user picks others in this tab session.
 */
export function useColumnChoice(def: EntityDef): [string[], (fields: string[]) => void] {
  const phone = useMediaQuery(PHONE_QUERY);
  const [chosen, setColumns] = useState<string[] | undefined>();
  const columns = chosen ?? (phone ? listFields(def).slice(0, PHONE_LIST_COLUMNS) : listFields(def));

  useEffect(() => {
    let live = true;
    void getSessionValue<StoredChoice>('listColumns').then((stored) => {
      const chosen = stored?.[def.name]?.filter((field) => field in def.fields);
      if (live && chosen && chosen.length > 0) setColumns(chosen);
    });
    return () => {
      live = false;
    };
  }, [def]);

  const choose = useCallback(
    (fields: string[]) => {
      // Keep the definition's field order whatever order the boxes were ticked in.
      const ordered = Object.keys(def.fields).filter((field) => fields.includes(field));
      setColumns(ordered);
      void getSessionValue<StoredChoice>('listColumns').then((stored) =>
        setSessionValue('listColumns', { ...stored, [def.name]: ordered }),
      );
    },
    [def],
  );
  return [columns, choose];
}
