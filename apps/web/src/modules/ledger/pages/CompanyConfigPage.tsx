import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row } from 'antd';
import { PageHeading } from '../../../app/pages/PageHeading';
import { useEntityOperations } from '../../../shared/kit';
import { CompanySettingsCard } from '../components/CompanySettingsCard';
import { DefaultAccountsCard } from '../components/DefaultAccountsCard';
import { PartySettingsCard } from '../components/PartySettingsCard';
import { DocumentDetailsCard } from '../components/DocumentDetailsCard';
import { fetchCompanyConfig, fetchFullCompany, setupKeys } from '../setup-api';

/** Saving the company takes EditCompany; the defaults take EditCompanyConfig (the server checks both again). */
const companyPermission = { permission: 'Company' } as const;
const configPermission = { permission: 'CompanyConfig' } as const;

/** /company-config: the company's base currency, accounting date, date format and locale, and its default accounts and journal sequence. */
export default function CompanyConfigPage() {
  const company = useQuery({ queryKey: [...setupKeys.company, 'config-page'], queryFn: ({ signal }) => fetchFullCompany(signal) });
  const config = useQuery({ queryKey: setupKeys.companyConfig, queryFn: ({ signal }) => fetchCompanyConfig(signal) });
  const canEditCompany = useEntityOperations(companyPermission).edit;
  const canEditConfig = useEntityOperations(configPermission).edit;
  const error = company.error ?? config.error;

  return (
    <>
      <PageHeading title="Company Configuration" subtitle={company.data ? `${company.data.code} · ${company.data.description}` : undefined} />
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          {company.data ? <CompanySettingsCard key={company.data.updatedAt} company={company.data} canEdit={canEditCompany} /> : <Card size="small" title="Company" loading={company.isLoading} />}
        </Col>
        <Col xs={24} lg={14}>
          {config.data ? <DefaultAccountsCard config={config.data} canEdit={canEditConfig} /> : <Card size="small" title="Default accounts" loading={config.isLoading} />}
        </Col>
        <Col xs={24} lg={10}>
          {config.data && <PartySettingsCard key={`${config.data.creditLimitPolicy}-${config.data.sepaCreditorId}`} config={config.data} canEdit={canEditConfig} />}
        </Col>
        <Col xs={24} lg={14}>
          {config.data && <DocumentDetailsCard key={[config.data.address, config.data.taxNumber, config.data.bankName, config.data.iban, config.data.bic].join('|')} config={config.data} canEdit={canEditConfig} />}
        </Col>
      </Row>
    </>
  );
}
