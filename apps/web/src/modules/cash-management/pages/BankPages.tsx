import type { ComponentType } from 'react';
import { cashManagementEntities } from '@erp/contracts';
import { EntityListPage } from '../../../shared/kit';

/** The generic list page of every Cash Management entity (bank groups, banks), by its route. */
export const bankPages: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  cashManagementEntities.map((def) => {
    const Page = () => <EntityListPage def={def} />;
    Page.displayName = `${def.label.replace(/\s/g, '')}ListPage`;
    return [def.screen ?? def.page, Page];
  }),
);
