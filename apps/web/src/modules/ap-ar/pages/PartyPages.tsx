import { EnvironmentOutlined } from '@ant-design/icons';
import type { ComponentProps, ComponentType } from 'react';
import { apArEntities } from '@erp/contracts';
import { EntityListPage } from '../../../shared/kit';
import { ScreenLink } from '../../ledger/components/ScreenLink';

type PageExtras = Omit<ComponentProps<typeof EntityListPage>, 'def'>;

/** /addresses has no menu entry (it rides on /vendor): the party lists link to it. */
const addressBook: PageExtras = {
  actions: (
    <ScreenLink to="/addresses" icon={<EnvironmentOutlined aria-hidden />}>
      Address book
    </ScreenLink>
  ),
};
const extrasOf: Readonly<Record<string, PageExtras>> = { '/vendor': addressBook, '/customer': addressBook };

/** The generic list page of every payables and receivables entity, by its route. */
export const partyPages: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  apArEntities.map((def) => {
    const route = def.screen ?? def.page;
    const Page = () => <EntityListPage def={def} {...extrasOf[route]} />;
    Page.displayName = `${def.label.replace(/\s/g, '')}ListPage`;
    return [route, Page];
  }),
);
