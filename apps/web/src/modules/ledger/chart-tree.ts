/*
 * The chart of accounts as a tree: account classes (in their order), their account groups nested
 * by parent group, and in each group its accounts nested by parent (header) account. Every node
 * carries its path joined with the tree separator (SPEC.md section 9): 'Assets~Current Assets~1000 Cash'.
 */
import type { EntityRecord } from '@erp/contracts';
import { joinTreePath } from '../../shared/format';

export type ChartNodeKind = 'class' | 'group' | 'account' | 'unassigned';

export type ChartNode = {
  key: string;
  kind: ChartNodeKind;
  /** The record's id ('' for the unassigned node). */
  id: string;
  title: string;
  /** The titles from the root down to this node, joined with '~'. */
  path: string;
  trail: string[];
  record: EntityRecord | undefined;
  children: ChartNode[];
};

export type ChartData = { classes: EntityRecord[]; groups: EntityRecord[]; accounts: EntityRecord[] };

export const UNASSIGNED_TITLE = 'Unassigned';

const text = (record: EntityRecord, field: string) => (typeof record[field] === 'string' ? (record[field] as string) : '');
const ref = (record: EntityRecord, field: string) => (typeof record[field] === 'string' && record[field] ? (record[field] as string) : '');
const byCode = (a: EntityRecord, b: EntityRecord) => text(a, 'code').localeCompare(text(b, 'code'), undefined, { numeric: true });
const byOrder = (a: EntityRecord, b: EntityRecord) => Number(a.order ?? 0) - Number(b.order ?? 0) || byCode(a, b);

export const accountTitle = (account: EntityRecord) => `${text(account, 'code')} ${text(account, 'name')}`.trim();

/** Records by the id a field points to, each list in code order. */
function indexBy(records: readonly EntityRecord[], slotOf: (record: EntityRecord) => string): Map<string, EntityRecord[]> {
  const index = new Map<string, EntityRecord[]>();
  for (const record of [...records].sort(byCode)) {
    const slot = slotOf(record);
    index.set(slot, [...(index.get(slot) ?? []), record]);
  }
  return index;
}

type Index = {
  /** Top groups (no parent group) by class; accounts with no parent account by group; the rest by parent. */
  groupsByClass: Map<string, EntityRecord[]>;
  groupsByParent: Map<string, EntityRecord[]>;
  accountsByGroup: Map<string, EntityRecord[]>;
  accountsByParent: Map<string, EntityRecord[]>;
  /** Ids already placed: a loop in bad data is cut instead of recursing for ever. */
  placed: Set<string>;
};

function buildIndex({ groups, accounts }: ChartData): Index {
  const groupIds = new Set(groups.map((group) => group.id));
  const accountIds = new Set(accounts.map((account) => account.id));
  const topGroups = groups.filter((group) => !groupIds.has(ref(group, 'parentGroup')));
  const topAccounts = accounts.filter((account) => !accountIds.has(ref(account, 'parentAccount')));
  return {
    groupsByClass: indexBy(topGroups, (group) => ref(group, 'accountClass')),
    groupsByParent: indexBy(groups.filter((group) => groupIds.has(ref(group, 'parentGroup'))), (group) => ref(group, 'parentGroup')),
    accountsByGroup: indexBy(topAccounts, (account) => ref(account, 'accountGroup')),
    accountsByParent: indexBy(accounts.filter((account) => accountIds.has(ref(account, 'parentAccount'))), (account) => ref(account, 'parentAccount')),
    placed: new Set(),
  };
}

function makeNode(kind: ChartNodeKind, record: EntityRecord | undefined, title: string, parentTrail: readonly string[], children: (trail: string[]) => ChartNode[]): ChartNode {
  const trail = [...parentTrail, title];
  const id = record?.id ?? '';
  return { key: `${kind}:${id}`, kind, id, title, path: joinTreePath(trail), trail, record, children: children(trail) };
}

const unplaced = (ix: Index, records: readonly EntityRecord[]) =>
  records.filter((record) => {
    if (ix.placed.has(record.id)) return false;
    ix.placed.add(record.id);
    return true;
  });

function accountNodes(ix: Index, accounts: readonly EntityRecord[], trail: readonly string[]): ChartNode[] {
  return unplaced(ix, accounts).map((account) =>
    makeNode('account', account, accountTitle(account), trail, (t) => accountNodes(ix, ix.accountsByParent.get(account.id) ?? [], t)),
  );
}

function groupNodes(ix: Index, groups: readonly EntityRecord[], trail: readonly string[]): ChartNode[] {
  return unplaced(ix, groups).map((group) =>
    makeNode('group', group, text(group, 'name'), trail, (t) => [
      ...groupNodes(ix, ix.groupsByParent.get(group.id) ?? [], t),
      ...accountNodes(ix, ix.accountsByGroup.get(group.id) ?? [], t),
    ]),
  );
}

/** Classes -> groups -> accounts; records whose class or group is missing (or that sit in a loop) go under 'Unassigned'. */
export function buildChartTree(data: ChartData): ChartNode[] {
  const ix = buildIndex(data);
  const roots = [...data.classes]
    .sort(byOrder)
    .map((accountClass) => makeNode('class', accountClass, text(accountClass, 'name'), [], (t) => groupNodes(ix, ix.groupsByClass.get(accountClass.id) ?? [], t)));
  const leftovers = (trail: string[]) => [
    ...groupNodes(ix, data.groups.filter((group) => !ix.placed.has(group.id)).sort(byCode), trail),
    ...accountNodes(ix, data.accounts.filter((account) => !ix.placed.has(account.id)).sort(byCode), trail),
  ];
  const unassigned = makeNode('unassigned', undefined, UNASSIGNED_TITLE, [], leftovers);
  return unassigned.children.length > 0 ? [...roots, unassigned] : roots;
}

/** Every node key of the tree, depth first. */
export function allKeys(nodes: readonly ChartNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}

/** Keys of the nodes that have children (what 'expand all' opens). */
export function branchKeys(nodes: readonly ChartNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.key, ...branchKeys(node.children)] : []));
}

const matches = (node: ChartNode, needle: string) =>
  node.title.toLowerCase().includes(needle) || (node.record !== undefined && text(node.record, 'code').toLowerCase().includes(needle));

/**
 * The tree cut to what the search names: a node that matches keeps its whole branch, any other
 * node stays only as the way to a match. `expanded` opens the way to every match, also to a match
 * inside a matching node ('66' keeps header 6600 with its branch and opens it, so 6610 shows).
 */
export function filterChart(nodes: readonly ChartNode[], search: string): { nodes: ChartNode[]; expanded: string[] } {
  const needle = search.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], expanded: [] };
  const expanded: string[] = [];
  const walk = (list: readonly ChartNode[]): ChartNode[] =>
    list.flatMap((node) => {
      const kept = walk(node.children);
      if (kept.length > 0) expanded.push(node.key);
      if (matches(node, needle)) return [node];
      return kept.length > 0 ? [{ ...node, children: kept }] : [];
    });
  const kept = walk(nodes);
  return { nodes: kept, expanded };
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Adds decimal strings exactly (as minor units at the widest scale among them); '' when there is none. */
function sumDecimals(values: readonly string[]): string {
  const parsed = values.map((v) => DECIMAL.exec(v.trim())).filter((m): m is RegExpExecArray => m !== null);
  if (parsed.length === 0) return '';
  const scale = Math.max(...parsed.map((m) => m[3]?.length ?? 0));
  const minor = parsed.reduce((total, [, sign, whole, fraction = '']) => total + (sign ? -1n : 1n) * BigInt(`${whole}${fraction.padEnd(scale, '0')}`), 0n);
  const digits = (minor < 0n ? -minor : minor).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return minor < 0n ? `-${text}` : text;
}

/**
 * The balance of every node by key: a posting account its own (from the server's balances, zero
 * when it has none), a header account, group or class the exact sum of the accounts under it.
 */
export function chartBalances(nodes: readonly ChartNode[], balances: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: ChartNode): string => {
    const own = node.kind === 'account' && node.record?.kind !== 'Header' ? [balances.get(node.id) ?? '0'] : [];
    const total = sumDecimals([...own, ...node.children.map(visit)]);
    if (total) out.set(node.key, total);
    return total;
  };
  nodes.forEach(visit);
  return out;
}

/** A node by key, anywhere in the tree. */
export function findNode(nodes: readonly ChartNode[], key: string): ChartNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode(node.children, key);
    if (found) return found;
  }
  return undefined;
}
