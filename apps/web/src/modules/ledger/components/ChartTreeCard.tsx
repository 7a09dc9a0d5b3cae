import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../shared/kit';
import { branchKeys, filterChart, type ChartNode } from '../chart-tree';
import { ChartNodeTitle } from './ChartNodeTitle';

type Props = {
  tree: ChartNode[];
  loading: boolean;
  selectedKey: string | undefined;
  onSelect: (key: string | undefined) => void;
  onAdd: ((node: ChartNode) => void) | undefined;
  /** Balance by node key (chartBalances); none while they load or when they cannot be read. */
  balances?: ReadonlyMap<string, string>;
};

function treeData(nodes: readonly ChartNode[], onAdd: Props['onAdd'], balances: Props['balances']): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.key, title: <ChartNodeTitle node={node} balance={balances?.get(node.key)} onAdd={onAdd} />, children: treeData(node.children, onAdd, balances) }));
}

/** The chart as a tree with a search that cuts it to the matches (and opens the way to them), expand and collapse all. */
export function ChartTreeCard({ tree, loading, selectedKey, onSelect, onAdd, balances }: Props) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const [expanded, setExpanded] = useState<string[] | undefined>();
  const shown = useMemo(() => filterChart(tree, settled), [tree, settled]);
  // A new search opens the way to its matches; clearing it goes back to the whole chart open.
  useEffect(() => setExpanded(settled.trim() ? shown.expanded : undefined), [settled, shown]);

  return (
    <Card size="small">
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search the chart" placeholder="Search code or name" allowClear value={search} onChange={(e) => setSearch(e.target.value)} onSearch={setSearch} style={{ width: 280, maxWidth: '100%' }} />
        <Button icon={<PlusSquareOutlined aria-hidden />} onClick={() => setExpanded(branchKeys(shown.nodes))}>
          Expand all
        </Button>
        <Button icon={<MinusSquareOutlined aria-hidden />} onClick={() => setExpanded([])}>
          Collapse all
        </Button>
      </Flex>
      <Spin spinning={loading && tree.length === 0}>
        {shown.nodes.length === 0 && !loading ? (
          <Empty description={settled.trim() ? 'No results found.' : 'No account classes yet: add them under Account Class.'} />
        ) : (
          <Tree
            aria-label="Chart of accounts"
            blockNode
            showLine
            treeData={treeData(shown.nodes, onAdd, balances)}
            expandedKeys={expanded ?? branchKeys(shown.nodes)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={selectedKey ? [selectedKey] : []}
            onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : String(keys[0]))}
          />
        )}
      </Spin>
    </Card>
  );
}
