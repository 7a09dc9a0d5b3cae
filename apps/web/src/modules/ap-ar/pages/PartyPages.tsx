import { EnvironmentOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { ComponentProps, ComponentType } from 'react';
import { apArEntities } from '@erp/contracts';
import { EntityListPage } from '../../../shared/kit';
import { ScreenLink } from '../../ledger/components/ScreenLink';

type PageExtras = Omit<ComponentProps<typeof EntityListPage>, 'def'>;

/**
 * /addresses and the ageing (/vendor-statement, /customer-statement) have no menu entry (they ride
 * on /vendor and /customer): the party lists link to them.
 */
const partyExtras = (ageing: string): PageExtras => ({
  actions: (
    <>
      <ScreenLink to="/addresses" icon={<EnvironmentOutlined aria-hidden />}>
        Address book
      </ScreenLink>
      <ScreenLink to={ageing} icon={<FieldTimeOutlined aria-hidden />}>
        Ageing
      </ScreenLink>
    </>
  ),
});
const extrasOf: Readonly<Record<string, PageExtras>> = { '/vendor': partyExtras('/vendor-statement'), '/customer': partyExtras('/customer-statement') };

/** The generic list page of every payables and receivables entity, by its route. */
export const partyPages: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  apArEntities.map((def) => {
    const route = def.screen ?? def.page;
    const Page = () => <EntityListPage def={def} {...extrasOf[route]} />;
    Page.displayName = `${def.label.replace(/\s/g, '')}ListPage`;
    return [route, Page];
  }),
);
