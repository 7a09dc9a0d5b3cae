import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Table, Tooltip, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_EXPORT_ROWS_MAX, type AuditEntry, type AuditLabels } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import { PageHeading, useNotify } from '../shell-adapter';
import { downloadAuditTrail, useAuditTrail } from './audit-api';
import { auditColumns } from './audit-columns';
import { AuditDiff } from './AuditDiff';
import { AuditFilters } from './AuditFilters';
import { filterFromParams, hasFilter, paramsFromFilter, type AuditFilter } from './audit-query';

function ExportButton({ filter }: { filter: AuditFilter }) {
  const notify = useNotify();
  const display = useDisplay();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await downloadAuditTrail(filter, format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => void run(key === 'xlsx' ? 'xlsx' : 'csv') }}>
      <Tooltip title={`The entries of the filter, newest first, up to ${display.count(AUDIT_EXPORT_ROWS_MAX)}`}>
        <Button icon={<DownloadOutlined aria-hidden />} loading={busy}>Export</Button>
      </Tooltip>
    </Dropdown>
  );
}

/** /audit-trail: who changed what and when, searchable; a row opens its before and after side by side. */
export default function AuditTrailPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const display = useDisplay();
  const list = useAuditTrail(filter);
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Each page names the ids it holds; the pages loaded so far together name every row's.
  const labels = useMemo(() => Object.assign({}, ...(list.data?.pages ?? []).map((page) => page.labels)) as AuditLabels, [list.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const apply = (patch: Partial<AuditFilter>) => setParams(paramsFromFilter({ ...filter, ...patch }), { replace: true });
  const userLabel = filter.userId ? entries.find((e) => e.user?.id === filter.userId)?.user?.name : undefined;

  return (
    <>
      <PageHeading title="Audit trail" subtitle="Every change in this tenant: who, when, what, before and after" extra={<ExportButton filter={filter} />} />
      <AuditFilters filter={filter} userLabel={userLabel} dateFormat={display.pickerFormat} onChange={apply} onClear={() => setParams({}, { replace: true })} />
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        aria-label="Audit entries"
        columns={auditColumns({ now: new Date(), display, onRecord: (e) => apply({ entity: e.entity, recordId: e.recordId }), onUser: (e) => apply({ userId: e.user?.id }) })}
        dataSource={entries}
        loading={list.isFetching && !list.isFetchingNextPage}
        // No horizontal scroll: an expanded row must fit the screen so before and after sit side by side;
        // narrow screens drop the record and changed columns instead (they are in the expanded row).
        pagination={false}
        expandable={{
          expandedRowRender: (entry) => <AuditDiff entry={entry} labels={labels} />,
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          expandRowByClick: true,
        }}
        locale={{ emptyText: hasFilter(filter) ? 'No results found.' : 'No audit entries yet' }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown{list.hasNextPage ? ', newest first; older ones follow' : ''}
        </Typography.Text>
        {list.hasNextPage && (
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </Flex>
    </>
  );
}
