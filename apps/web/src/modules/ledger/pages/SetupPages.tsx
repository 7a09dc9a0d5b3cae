import { ApartmentOutlined, CalendarOutlined, NumberOutlined, OrderedListOutlined } from '@ant-design/icons';
import type { ComponentProps, ComponentType } from 'react';
import { EntityListPage } from '../../../shared/kit';
import { PeriodsPanel } from '../components/PeriodsPanel';
import { ScreenLink } from '../components/ScreenLink';
import { SequenceDetails } from '../components/SequenceDetails';
import { fiscalYearInfo } from '../period-form';
import { genericSetupEntities } from '../setup-entities';

type PageExtras = Omit<ComponentProps<typeof EntityListPage>, 'def'>;

/**
 * What a list adds to the generic page: links to related screens (the chart of accounts has no
 * menu entry of its own, SPEC.md section 2), and the detail of an opened row.
 */
const extrasOf: Readonly<Record<string, PageExtras>> = {
  '/accounts': {
    actions: (
      <ScreenLink to="/chart-of-accounts" icon={<ApartmentOutlined aria-hidden />}>
        Chart of accounts
      </ScreenLink>
    ),
  },
  '/fiscal-year': {
    actions: (
      <ScreenLink to="/accounting-period" icon={<CalendarOutlined aria-hidden />}>
        Accounting periods
      </ScreenLink>
    ),
    expandedRow: (record) => <PeriodsPanel fiscalYear={fiscalYearInfo(record)} linkToPage />,
  },
  '/number-sequence': {
    actions: (
      <ScreenLink to="/number-segment" icon={<OrderedListOutlined aria-hidden />}>
        All segments
      </ScreenLink>
    ),
    expandedRow: (record) => <SequenceDetails sequence={record} />,
  },
  '/subsidiary': {
    actions: (
      <ScreenLink to="/posting-profile" icon={<ApartmentOutlined aria-hidden />}>
        Posting profiles
      </ScreenLink>
    ),
  },
  '/posting-profile': {
    actions: (
      <ScreenLink to="/subsidiary" icon={<ApartmentOutlined aria-hidden />}>
        Subsidiary ledgers
      </ScreenLink>
    ),
  },
  '/number-segment': {
    actions: (
      <ScreenLink to="/number-sequence" icon={<NumberOutlined aria-hidden />}>
        Number sequences
      </ScreenLink>
    ),
  },
};

/** The generic list page of every ledger set-up entity, by its route (/currency, /accounts, ...). */
export const setupPages: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  genericSetupEntities.map((def) => {
    const route = def.screen ?? def.page;
    const Page = () => <EntityListPage def={def} {...extrasOf[route]} />;
    Page.displayName = `${def.label.replace(/\s/g, '')}ListPage`;
    return [route, Page];
  }),
);
