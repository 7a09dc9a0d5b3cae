import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Drawer, Flex, Row } from 'antd';
import { useMemo, useState } from 'react';
import { accountClassEntity, accountEntity, accountGroupEntity, type EntityDef, type EntityRecord } from '@erp/contracts';
import { PageHeading } from '../../../app/pages/PageHeading';
import { EntityFormDrawer, useEntityOperations, type FormValues } from '../../../shared/kit';
import { useMediaQuery } from '../../../shared/useMediaQuery';
import { addAccountPrefill, chartLabels } from '../chart-actions';
import { buildChartTree, chartBalances, findNode, type ChartNode } from '../chart-tree';
import { ChartNodeDetails, ChartNodeFacts } from '../components/ChartNodeDetails';
import { AccountTags } from '../components/ChartNodeTitle';
import { ChartTreeCard } from '../components/ChartTreeCard';
import { ScreenLink } from '../components/ScreenLink';
import { useChartBalances, useChartData } from '../useChartData';

type DrawerState = { def: EntityDef; record?: EntityRecord; initial?: FormValues };

const kindOf = (def: EntityDef) => (def === accountClassEntity ? 'class' : def === accountGroupEntity ? 'group' : 'account');
const defOf = (node: ChartNode): EntityDef | undefined =>
  node.kind === 'class' ? accountClassEntity : node.kind === 'group' ? accountGroupEntity : node.kind === 'account' ? accountEntity : undefined;

/** Which operations the role holds on classes, groups and accounts. */
function useChartAbilities() {
  const classes = useEntityOperations(accountClassEntity);
  const groups = useEntityOperations(accountGroupEntity);
  const accounts = useEntityOperations(accountEntity);
  const canEdit = (node: ChartNode) => (node.kind === 'class' ? classes.edit : node.kind === 'group' ? groups.edit : node.kind === 'account' && accounts.edit);
  return { canAdd: accounts.save, canEdit };
}

/** /chart-of-accounts: classes, groups and accounts as one tree, searchable, with the path of each node and 'Add account'. */
export default function ChartOfAccountsPage() {
  const chart = useChartData();
  const { canAdd, canEdit } = useChartAbilities();
  // Beside the tree on wide screens; on narrow ones the chosen node's details slide up from the bottom.
  const narrow = useMediaQuery('(max-width: 991px)');
  const [selectedKey, setSelectedKey] = useState<string | undefined>();
  const [drawer, setDrawer] = useState<DrawerState | undefined>();
  const tree = useMemo(() => (chart.data ? buildChartTree(chart.data) : []), [chart.data]);
  const balanceQuery = useChartBalances();
  const balances = useMemo(
    () => (balanceQuery.data ? chartBalances(tree, new Map(balanceQuery.data.balances.map((b) => [b.account, b.balance]))) : undefined),
    [tree, balanceQuery.data],
  );
  const labels = useMemo(() => chartLabels(chart.data), [chart.data]);
  const selected = selectedKey ? findNode(tree, selectedKey) : undefined;

  const addAccount = (node?: ChartNode) => setDrawer({ def: accountEntity, initial: node ? addAccountPrefill(node) : {} });
  const edit = (node: ChartNode) => {
    const def = defOf(node);
    if (def && node.record) setDrawer({ def, record: node.record });
  };
  const details = { node: selected, labels, canAdd, canEdit, onAdd: addAccount, onEdit: edit };
  const counts = chart.data && `${chart.data.classes.length} classes · ${chart.data.groups.length} groups · ${chart.data.accounts.length} accounts${balanceQuery.data ? ` · balances in ${balanceQuery.data.currency} today` : ''}`;

  return (
    <>
      <PageHeading
        title="Chart of Accounts"
        subtitle={counts}
        extra={
          <Flex gap={8} wrap>
            <ScreenLink to="/accounts" icon={<UnorderedListOutlined aria-hidden />}>
              Accounts list
            </ScreenLink>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => addAccount()}>
                New account
              </Button>
            )}
          </Flex>
        }
      />
      {chart.error && <Alert type="error" showIcon title={chart.error.message} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <ChartTreeCard tree={tree} loading={chart.loading} selectedKey={selectedKey} onSelect={setSelectedKey} onAdd={canAdd ? addAccount : undefined} balances={balances} />
        </Col>
        {!narrow && (
          <Col lg={9}>
            <div style={{ position: 'sticky', top: 16 }}>
              <ChartNodeDetails {...details} />
            </div>
          </Col>
        )}
      </Row>
      {narrow && (
        <Drawer placement="bottom" size="auto" open={selected?.record !== undefined} onClose={() => setSelectedKey(undefined)} title={selected?.title} extra={selected && <AccountTags node={selected} />}>
          <ChartNodeFacts {...details} />
        </Drawer>
      )}
      <EntityFormDrawer
        def={drawer?.def ?? accountEntity}
        open={drawer !== undefined}
        record={drawer?.record}
        initial={drawer?.initial}
        labels={labels}
        onClose={() => setDrawer(undefined)}
        onSaved={(record) => setSelectedKey(`${kindOf(drawer?.def ?? accountEntity)}:${record.id}`)}
      />
    </>
  );
}
