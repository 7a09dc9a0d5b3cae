import { Alert, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { hasOperation, intercompanyJournalDocument, intercompanyJournalOperations as ops, type IntercompanyJournalView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useNotify } from '../../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../../app/session/useSession';
import { toIsoDate } from '../../../../shared/format';
import { formatAmount } from '../../journals/amount-format';
import { DocumentActionBar, DocumentHeaderForm } from '../../../../shared/documents';
import { JournalStatusTag } from '../../journals/components/JournalStatusTag';
import { fetchIcTemplate } from '../intercompany-api';
import { icProblems } from '../intercompany-checks';
import { buildIcJournalInput, emptyIcLine, icHeaderFromView, icLinesFromView, switchPartner, type IcHeader } from '../intercompany-lines';
import { companyTotals, entryBalance, type CurrencyBalance, type PairCompany } from '../intercompany-totals';
import { useIcActions } from '../useIcActions';
import { useIcGrid } from '../useIcGrid';
import type { IcReference } from '../useIcReference';
import { CompanyTotalsPanel } from './CompanyTotalsPanel';
import { IcLineGrid } from './IcLineGrid';
import { TemplatePicker } from './TemplatePicker';

type Props = { view: IntercompanyJournalView | undefined; reference: IcReference & { own: PairCompany & { description: string } }; dateFormat: string };

function useAbilities() {
  const { permissions } = useSignedInUser().parentRole;
  return useMemo(() => ({ save: hasOperation(permissions, ops.save), edit: hasOperation(permissions, ops.edit), delete: hasOperation(permissions, ops.delete) }), [permissions]);
}

/** The definition's header without the partner, which this editor picks itself (choosing one moves the partner's lines). */
const headerDef = { ...intercompanyJournalDocument, headerForm: intercompanyJournalDocument.headerForm.map((row) => row.filter((field) => field !== 'partnerCompany')).filter((row) => row.length > 0) };

/** Why Validate and Post cannot succeed yet: a currency whose debits and credits differ across both companies (nothing is sent). */
const blockedReason = (entry: readonly CurrencyBalance[]): string | undefined => {
  const open = entry.filter((balance) => !balance.balanced);
  return open.length ? `Debits and credits differ by ${open.map((b) => `${formatAmount(b.difference)} ${b.currency}`).join(', ')}` : undefined;
};

/** The partner, then the journal's date, description and reference (the definition's header fields). */
function HeaderFields({ header, reference, dateFormat, onPartner, onChange }: { header: IcHeader; reference: Props['reference']; dateFormat: string; onPartner: (id: string) => void; onChange: (patch: Partial<IcHeader>) => void }) {
  return (
    <>
      <Form layout="vertical" component="div" requiredMark>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label="Partner company" htmlFor="ic-partner" required style={{ marginBottom: 12 }}>
              <Select
                id="ic-partner"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Choose the other company"
                value={header.partnerCompany || undefined}
                options={reference.partners.map((p) => ({ value: p.id, label: `${p.code} · ${p.description} (${p.baseCurrency})` }))}
                onChange={onPartner}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <DocumentHeaderForm def={headerDef} values={header} dateFormat={dateFormat} onChange={(field, value) => onChange({ [field]: typeof value === 'string' ? value : '' })} />
    </>
  );
}

/** A new, draft or validated intercompany journal: partner, the line grid with a company column, totals per company, the actions. */
export function IcJournalEditor({ view, reference, dateFormat }: Props) {
  const own = reference.own;
  const notify = useNotify();
  const [header, setHeader] = useState<IcHeader>(() => (view ? icHeaderFromView(view) : { partnerCompany: '', journalDate: toIsoDate(new Date()), description: '', reference: '', template: undefined }));
  const [headerDirty, setHeaderDirty] = useState(false);
  const grid = useIcGrid(() => (view ? icLinesFromView(view) : [emptyIcLine('', own.baseCurrency), emptyIcLine(own.id, own.baseCurrency)]), own.id, own.baseCurrency);
  const partner = reference.companyOf(header.partnerCompany);
  const pair = useMemo(() => (partner ? ([own, partner] as const) : undefined), [own, partner]);
  const totals = useMemo(() => (pair ? companyTotals(grid.lines, pair, reference.scales) : []), [grid.lines, pair, reference.scales]);
  const entry = useMemo(() => entryBalance(grid.lines, reference.scales), [grid.lines, reference.scales]);
  const can = useAbilities();
  const reason = blockedReason(entry);
  const dirty = grid.dirty || headerDirty;
  const actions = useIcActions({
    id: view?.id,
    dirty,
    prepare: () => ({ input: buildIcJournalInput(header, grid.lines), problems: icProblems(header, grid.lines, reference.scales) }),
    onSaved: () => {
      setHeaderDirty(false);
      grid.api.reset(grid.lines);
    },
  });
  const patchHeader = (patch: Partial<IcHeader>) => {
    setHeader((current) => ({ ...current, ...patch }));
    setHeaderDirty(true);
  };
  const choosePartner = (id: string) => {
    // Lines without a company yet (a new journal's first line) and the old partner's lines go to the new partner.
    grid.api.replace(switchPartner(grid.lines.map((l) => (l.company ? l : { ...l, company: header.partnerCompany || '' })), header.partnerCompany || '', id));
    patchHeader({ partnerCompany: id });
  };
  const applyTemplate = async (id: string) => {
    try {
      const template = await fetchIcTemplate(id);
      grid.api.replace(icLinesFromView(template));
      patchHeader({ template: id, partnerCompany: template.partnerCompany.id, description: header.description || template.description || template.name });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <>
      <PageHeading
        title={view ? `Intercompany journal: ${view.description}` : 'New intercompany journal'}
        subtitle={
          <Space size={8}>
            {view && <JournalStatusTag status={view.status} />}
            <span>
              {own.code}
              {partner ? ` ↔ ${partner.code}` : ''}
            </span>
            {dirty && view && <Typography.Text type="warning">Unsaved changes</Typography.Text>}
          </Space>
        }
        extra={
          <DocumentActionBar
            def={intercompanyJournalDocument}
            status={view?.status}
            can={can}
            busy={actions.busy}
            on={{ validate: () => void actions.validate(), post: () => void actions.post() }}
            blocked={reason ? { validate: reason, post: reason } : {}}
            onSave={() => void actions.save()}
            onDelete={() => void actions.remove()}
            approval={{ mode: 'direct' }}
            underApproval={false}
          />
        }
      />
      {reference.partners.length === 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="The tenant has no other company: an intercompany journal needs a partner company." />}
      {partner && !reference.partners.find((p) => p.id === partner.id)?.partnerReady && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`Posting needs the due-from and due-to accounts of both companies (set on the intercompany journal template screen): ${partner.code} has not set its accounts for ${own.code} yet.`} />
      )}
      <Card size="small" style={{ marginBottom: 16 }} extra={!view && <TemplatePicker onPick={(id) => void applyTemplate(id)} />} title="Journal">
        <HeaderFields header={header} reference={reference} dateFormat={dateFormat} onPartner={choosePartner} onChange={patchHeader} />
      </Card>
      <Card size="small" title={`Lines (${grid.lines.length})`}>
        <IcLineGrid lines={grid.lines} api={grid.api} companies={pair ?? [own]} scales={reference.scales} currencyCodes={reference.currencyCodes} withRate />
        {pair ? <CompanyTotalsPanel companies={totals} entry={entry} /> : <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>Choose the partner company to see the totals per company.</Typography.Paragraph>}
      </Card>
    </>
  );
}
