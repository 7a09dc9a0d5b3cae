import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_DATE_FORMAT } from '@erp/contracts';
import { useCompany } from '../../../../app/shell/useCompany';
import { useLedgerReference } from '../../journals/useLedgerReference';
import { TemplateEditor } from '../components/TemplateEditor';
import { TemplateList } from '../components/TemplateList';
import { fetchTemplate } from '../templates-api';
import { TEMPLATE_LINK, templateKey } from '../useTemplateActions';

const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** /journal-template: the list of templates; with ?id= one template in the line grid, with ?new=1 a new one. */
export default function JournalTemplatePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const creating = params.get('new') === '1';
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const template = useQuery({ queryKey: templateKey(id), queryFn: ({ signal }) => fetchTemplate(id!, signal), enabled: id !== undefined });

  if (!id && !creating) return <TemplateList dateFormat={dateFormat} />;
  if (id && template.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={template.error.message}
        action={
          <Link to={TEMPLATE_LINK}>
            <Button size="small">Back to templates</Button>
          </Link>
        }
      />
    );
  }
  if (id && !template.data) return <Waiting />;
  const baseCurrency = reference.baseCurrency;
  if (!baseCurrency) return reference.error ? <Alert type="error" showIcon title={reference.error.message} /> : <Waiting />;
  return <TemplateEditor key={id ?? 'new'} view={template.data} baseCurrency={baseCurrency} reference={reference} dateFormat={dateFormat} />;
}
