import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { bankRevaluationPath } from '@erp/contracts';
import { RevaluationScreen } from '../../../shared/revaluation/RevaluationScreen';
import { StatementListPage } from './StatementListPage';

/**
 * /bank-reconciliations (SPEC.md section 2): the imported statements (the default view) and the
 * unrealised exchange revaluation of the foreign-currency banks at a period end (`?view=revaluation`,
 * the same screen as the parties' revaluation).
 */
export function BankReconciliationsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'revaluation' ? 'revaluation' : 'statements';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setParams(key === 'statements' ? new URLSearchParams() : new URLSearchParams({ view: key }))}
      destroyOnHidden
      items={[
        { key: 'statements', label: 'Statements', children: <StatementListPage /> },
        { key: 'revaluation', label: 'Revaluation', children: <RevaluationScreen subject={{ title: 'Bank revaluation', holderLabel: 'Bank', path: bankRevaluationPath, queryKey: ['cash-management', 'bank-revaluations'] }} /> },
      ]}
    />
  );
}
