import type { ComponentType } from 'react';
import { EntityListPage } from '../../../shared/kit';
import { genericSetupEntities } from '../setup-entities';

/** The generic list page of every ledger set-up entity, by its route (/currency, /accounts, ...). */
export const setupPages: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  genericSetupEntities.map((def) => {
    const Page = () => <EntityListPage def={def} />;
    Page.displayName = `${def.label.replace(/\s/g, '')}ListPage`;
    return [def.page, Page];
  }),
);
