// Proves the chart tree: classes in order, groups nested by parent group, accounts nested by parent account, '~' paths, search and bad data.
import { describe, expect, it } from 'vitest';
import type { EntityRecord } from '@erp/contracts';
import { addAccountPrefill, canAddAccountUnder, chartLabels } from '../chart-actions';
import { allKeys, buildChartTree, chartBalances, filterChart, findNode, UNASSIGNED_TITLE, type ChartNode } from '../chart-tree';

const rec = (id: string, fields: Record<string, unknown>): EntityRecord => ({ id, createdAt: '', updatedAt: '', ...fields });

const classes = [
  rec('c-liab', { code: '2', name: 'Liabilities', order: 2 }),
  rec('c-assets', { code: '1', name: 'Assets', order: 1 }),
];
const groups = [
  rec('g-bank', { code: '12', name: 'Cash at Bank', accountClass: 'c-assets', parentGroup: 'g-current' }),
  rec('g-current', { code: '10', name: 'Current Assets', accountClass: 'c-assets', parentGroup: null }),
  rec('g-payables', { code: '20', name: 'Current Liabilities', accountClass: 'c-liab', parentGroup: null }),
];
const accounts = [
  rec('a-1010', { code: '1010', name: 'Petty Cash', accountGroup: 'g-current', parentAccount: 'a-1000', kind: 'Posting' }),
  rec('a-1000', { code: '1000', name: 'Cash', accountGroup: 'g-current', parentAccount: null, kind: 'Header' }),
  rec('a-1020', { code: '1020', name: 'Bank - Operating', accountGroup: 'g-bank', parentAccount: null, kind: 'Posting', controlType: 'None' }),
  rec('a-2000', { code: '2000', name: 'Accounts Payable', accountGroup: 'g-payables', parentAccount: null, kind: 'Posting' }),
  rec('a-200', { code: '200', name: 'Trade Payables', accountGroup: 'g-payables', parentAccount: null, kind: 'Posting' }),
];

/** The tree as indented titles, to compare shapes at a glance. */
const outline = (nodes: readonly ChartNode[], depth = 0): string[] => nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.title}`, ...outline(node.children, depth + 1)]);

describe('buildChartTree', () => {
  const tree = buildChartTree({ classes, groups, accounts });

  it('nests classes (by order) -> groups (by parent group) -> accounts (by parent account), codes in numeric order', () => {
    expect(outline(tree)).toEqual([
      'Assets',
      '  Current Assets',
      '    Cash at Bank',
      '      1020 Bank - Operating',
      '    1000 Cash',
      '      1010 Petty Cash',
      'Liabilities',
      '  Current Liabilities',
      '    200 Trade Payables',
      '    2000 Accounts Payable',
    ]);
  });

  it('gives every node its path joined with the tree separator', () => {
    expect(findNode(tree, 'account:a-1010')!.path).toBe('Assets~Current Assets~1000 Cash~1010 Petty Cash');
    expect(findNode(tree, 'account:a-1020')!.path).toBe('Assets~Current Assets~Cash at Bank~1020 Bank - Operating');
    expect(findNode(tree, 'group:g-payables')!.trail).toEqual(['Liabilities', 'Current Liabilities']);
  });

  it('puts records whose class, group or parent is missing, or that sit in a loop, under Unassigned', () => {
    const broken = buildChartTree({
      classes,
      groups: [...groups, rec('g-lost', { code: '99', name: 'Lost Group', accountClass: 'c-gone', parentGroup: null })],
      accounts: [
        ...accounts,
        rec('a-x', { code: '9000', name: 'Loop A', accountGroup: 'g-current', parentAccount: 'a-y', kind: 'Header' }),
        rec('a-y', { code: '9001', name: 'Loop B', accountGroup: 'g-current', parentAccount: 'a-x', kind: 'Header' }),
        rec('a-orphan', { code: '9100', name: 'No Group', accountGroup: 'g-gone', parentAccount: null, kind: 'Posting' }),
      ],
    });
    const unassigned = broken.at(-1)!;
    expect(unassigned.title).toBe(UNASSIGNED_TITLE);
    // The two accounts of the loop are shown side by side, the loop cut.
    expect(outline(unassigned.children)).toEqual(['Lost Group', '9000 Loop A', '9001 Loop B', '9100 No Group']);
    // Every record appears exactly once.
    const keys = allKeys(broken);
    expect(new Set(keys).size).toBe(keys.length);
    expect(buildChartTree({ classes, groups, accounts }).some((node) => node.title === UNASSIGNED_TITLE)).toBe(false);
  });
});

describe('filterChart', () => {
  const tree = buildChartTree({ classes, groups, accounts });

  it('keeps the way to matching accounts and opens it', () => {
    const { nodes, expanded } = filterChart(tree, 'petty');
    expect(outline(nodes)).toEqual(['Assets', '  Current Assets', '    1000 Cash', '      1010 Petty Cash']);
    expect(expanded).toEqual(expect.arrayContaining(['class:c-assets', 'group:g-current', 'account:a-1000']));
  });

  it('keeps a matching group with its whole branch, matches codes, and answers nothing for no match', () => {
    expect(outline(filterChart(tree, 'cash at bank').nodes)).toEqual(['Assets', '  Current Assets', '    Cash at Bank', '      1020 Bank - Operating']);
    expect(outline(filterChart(tree, '2000').nodes)).toEqual(['Liabilities', '  Current Liabilities', '    2000 Accounts Payable']);
    expect(filterChart(tree, 'nothing like this').nodes).toEqual([]);
    expect(filterChart(tree, '  ').nodes).toHaveLength(2);
  });
});

describe('a search inside a matching branch', () => {
  const expenses = rec('c-exp', { code: '6', name: 'Expenses', order: 6 });
  const operating = rec('g-opex', { code: '66', name: 'Operating Expenses', accountClass: 'c-exp', parentGroup: null });
  const tree = buildChartTree({
    classes: [expenses],
    groups: [operating],
    accounts: [
      rec('a-6600', { code: '6600', name: 'Office', accountGroup: 'g-opex', parentAccount: null, kind: 'Header' }),
      rec('a-6610', { code: '6610', name: 'Stationery', accountGroup: 'g-opex', parentAccount: 'a-6600', kind: 'Posting' }),
      rec('a-6700', { code: '6700', name: 'Travel', accountGroup: 'g-opex', parentAccount: null, kind: 'Posting' }),
    ],
  });

  it("opens header 6600 on '66' so its matching 6610 shows, and keeps the whole branch of the group", () => {
    const { nodes, expanded } = filterChart(tree, '66');
    // The group's code matches: its whole branch stays; the matches under it are opened to.
    expect(outline(nodes)).toEqual(['Expenses', '  Operating Expenses', '    6600 Office', '      6610 Stationery', '    6700 Travel']);
    expect(expanded).toEqual(expect.arrayContaining(['class:c-exp', 'group:g-opex', 'account:a-6600']));
    expect(filterChart(tree, '6610').expanded).toEqual(expect.arrayContaining(['account:a-6600']));
  });
});

describe('chartBalances', () => {
  const tree = buildChartTree({ classes, groups, accounts });

  it('gives posting accounts their balance and headers, groups and classes the exact sum under them', () => {
    const balances = chartBalances(tree, new Map([['a-1010', '0.10'], ['a-1020', '0.20'], ['a-2000', '-1234567.89']]));
    expect(balances.get('account:a-1010')).toBe('0.10');
    expect(balances.get('account:a-1000')).toBe('0.10');
    expect(balances.get('group:g-bank')).toBe('0.20');
    // 0.1 + 0.2 as floats is 0.30000000000000004: the sum is made on the decimal digits.
    expect(balances.get('group:g-current')).toBe('0.30');
    expect(balances.get('class:c-assets')).toBe('0.30');
    expect(balances.get('account:a-200')).toBe('0');
    expect(balances.get('class:c-liab')).toBe('-1234567.89');
  });
});

describe('chart actions', () => {
  const tree = buildChartTree({ classes, groups, accounts });

  it('adds an account under a group or a header account, prefilled with the group and parent', () => {
    const header = findNode(tree, 'account:a-1000')!;
    const group = findNode(tree, 'group:g-bank')!;
    expect(canAddAccountUnder(header)).toBe(true);
    expect(canAddAccountUnder(group)).toBe(true);
    expect(canAddAccountUnder(findNode(tree, 'account:a-1010')!)).toBe(false);
    expect(canAddAccountUnder(findNode(tree, 'class:c-assets')!)).toBe(false);
    expect(addAccountPrefill(group)).toEqual({ accountGroup: 'g-bank' });
    expect(addAccountPrefill(header)).toEqual({ accountGroup: 'g-current', parentAccount: 'a-1000' });
    expect(chartLabels({ classes, groups, accounts }).accountGroup!['g-bank']).toBe('12 · Cash at Bank');
  });
});
