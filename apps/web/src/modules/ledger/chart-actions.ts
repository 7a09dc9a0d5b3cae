/* What the chart's actions hand the account drawer: the prefill of 'Add account' and the labels of the references. */
import type { EntityRecord } from '@erp/contracts';
import type { FormValues, RefLabels } from '../../shared/kit';
import type { ChartData, ChartNode } from './chart-tree';

/** 'CODE · Name' as the server labels a reference (the code alone when both are the same). */
export function refLabel(record: EntityRecord): string {
  const code = String(record.code ?? '');
  const name = String(record.name ?? '');
  return code === name || !name ? code : `${code} · ${name}`;
}

/** Accounts are added under a group, or under a header account (in that account's group). */
export function canAddAccountUnder(node: ChartNode): boolean {
  return node.kind === 'group' || (node.kind === 'account' && node.record?.kind === 'Header');
}

/** A new account under a group takes the group; under a header account, its group and the header as parent. */
export function addAccountPrefill(node: ChartNode): FormValues {
  if (node.kind === 'group') return { accountGroup: node.id };
  if (node.kind === 'account' && node.record) return { accountGroup: node.record.accountGroup, parentAccount: node.id };
  return {};
}

/** Labels of every class, group and account, so the drawer's pickers read 'CODE · Name' before any search. */
export function chartLabels(data: ChartData | undefined): RefLabels {
  const labelsOf = (records: readonly EntityRecord[]) => Object.fromEntries(records.map((record) => [record.id, refLabel(record)]));
  const classes = labelsOf(data?.classes ?? []);
  const groups = labelsOf(data?.groups ?? []);
  const accounts = labelsOf(data?.accounts ?? []);
  return { accountClass: classes, accountGroup: groups, parentGroup: groups, parentAccount: accounts };
}
