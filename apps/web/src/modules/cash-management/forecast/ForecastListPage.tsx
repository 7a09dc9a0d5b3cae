import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { cashflowForecastEntity } from '@erp/contracts';
import { EntityListPage } from '../../../shared/kit';

/** The saved forecasts (/cashflow-forecasts): the kit's list and form, each row opening its forecast, and a forecast of the moment. */
export function ForecastListPage() {
  const navigate = useNavigate();
  return (
    <EntityListPage
      def={cashflowForecastEntity}
      actions={<Button onClick={() => void navigate('/cashflow-forecast')}>Open a forecast</Button>}
      expandedRow={(record) => <Link to={`/cashflow-forecast?id=${record.id}`}>Open forecast {String(record.code)}</Link>}
    />
  );
}
