import { Alert, Button, Descriptions, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ASSET_ACTIVE, ASSET_DRAFT, ASSET_FULLY_DEPRECIATED, formatMoney, hasOperation, type AssetTermsChange, type RowBasis, type ScheduleRowView } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { useDisplay, type Display } from '../../shared/useDisplay';
import { activateAsset, changeTerms, fetchSchedule, recordUsage, scheduleKey } from './fa-api';
import { ChangeTermsForm, UsageForm } from './ChangeTermsForm';

/** How a row's amount was reached, in words, with the company's formats: its share of the year (or life) and of what. */
export function basisText(basis: RowBasis, display: Display, scale: number): string {
  const segment = display.amount(formatMoney(BigInt(basis.segmentMinor), scale));
  if (basis.units !== undefined) return `${basis.units} units of ${basis.shares[0]?.den} left × ${segment}${basis.remainder ? ' (remainder)' : ''}`;
  const shares = basis.shares.map((s) => `${s.num}/${s.den}`).join(' + ');
  const of = basis.year === null ? `${segment} over the remaining life` : `year ${basis.year}: ${segment}${basis.rate ? ` at rate ${basis.rate}` : ''}${basis.switched ? ' (straight line)' : ''}`;
  return `${shares} of ${of}${basis.remainder ? ', remainder' : ''}`;
}

/**
 * An asset's schedule row by row: period, amount, accumulated, net book value, posted or not (with
 * the entry), and how the amount was computed; Activate on a draft (which stores it).
 */
export function AssetSchedulePanel({ id }: { id: string }) {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const [busy, setBusy] = useState(false);
  const schedule = useQuery({ queryKey: scheduleKey(id), queryFn: ({ signal }) => fetchSchedule(id, signal) });
  if (schedule.isError) return <Alert type="error" showIcon title={schedule.error instanceof Error ? schedule.error.message : 'The schedule could not be read'} />;
  const s = schedule.data;
  const activate = async () => {
    setBusy(true);
    try {
      client.setQueryData(scheduleKey(id), await activateAsset(id));
      void client.invalidateQueries({ queryKey: ['fa'] });
      notify.success('The asset is active: its schedule is stored');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const usage = async (body: { period: string; units: number }) => {
    setBusy(true);
    try {
      client.setQueryData(scheduleKey(id), await recordUsage(id, body));
      void client.invalidateQueries({ queryKey: ['fa'] });
      notify.success('The usage is recorded: the schedule follows from that month');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const change = async (body: AssetTermsChange) => {
    setBusy(true);
    try {
      client.setQueryData(scheduleKey(id), await changeTerms(id, body));
      void client.invalidateQueries({ queryKey: ['fa'] });
      notify.success('The schedule is regenerated from that month');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // The currency's decimals, as the amounts are written (a row's basis is in minor units).
  const scale = s?.cost.split('.')[1]?.length ?? 2;
  const columns: TableColumnsType<ScheduleRowView> = [
    { title: 'Period', dataIndex: 'period', key: 'period', width: 100 },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.amount)}</span> },
    { title: 'Accumulated', key: 'accumulated', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.accumulated)}</span> },
    { title: 'Net book value', key: 'nbv', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.nbv)}</span> },
    { title: 'Posted', key: 'posted', render: (_, r) => (r.journalId ? <Link to={`/journal?id=${r.journalId}`}>Posted</Link> : <Tag>Not posted</Tag>) },
    { title: 'How', key: 'how', responsive: ['md'], render: (_, r) => <Typography.Text type="secondary">{basisText(r.basis, display, scale)}</Typography.Text> },
  ];
  return (
    <Flex vertical gap={12}>
      {s && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
          <Descriptions.Item label="Status">{s.status}</Descriptions.Item>
          <Descriptions.Item label="Method">{s.method}</Descriptions.Item>
          <Descriptions.Item label="Convention">{s.convention}</Descriptions.Item>
          <Descriptions.Item label="Life">{display.count(s.lifeMonths)} months</Descriptions.Item>
          <Descriptions.Item label="Cost">{display.amount(s.cost)} {s.currency}</Descriptions.Item>
          <Descriptions.Item label="Residual">{display.amount(s.residual)}</Descriptions.Item>
          <Descriptions.Item label="Opening depreciation">{display.amount(s.openingAccumulated)}</Descriptions.Item>
        </Descriptions>
      )}
      {s?.status === ASSET_DRAFT && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">A draft: the schedule below is a preview; activating the asset stores it.</Typography.Text>
          {hasOperation(permissions, 'EditAsset') && (
            <Button type="primary" loading={busy} onClick={() => void activate()}>
              Activate
            </Button>
          )}
        </Flex>
      )}
      {s && (s.status === ASSET_ACTIVE || s.status === ASSET_FULLY_DEPRECIATED) && hasOperation(permissions, 'EditAsset') && (
        <>
          {s.method === 'Units of production' && <UsageForm schedule={s} onUsage={(body) => void usage(body)} busy={busy} />}
          <ChangeTermsForm schedule={s} onChange={(body) => void change(body)} busy={busy} />
        </>
      )}
      <Table<ScheduleRowView> size="small" rowKey="period" loading={schedule.isPending} columns={columns} dataSource={s?.rows ?? []} pagination={{ defaultPageSize: 24, showSizeChanger: true }} aria-label="Depreciation schedule" />
    </Flex>
  );
}
