import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Col, Drawer, Flex, Form, Input, Popconfirm, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { hasOperation, intercompanyTemplateOperations as ops, type IntercompanyTemplateView } from '@erp/contracts';
import { useNotify } from '../../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useMediaQuery } from '../../../../shared/useMediaQuery';
import { isAmountText, isBlankLine } from '../../journals/journal-lines';
import { SCALE_FALLBACK } from '../../journals/journal-totals';
import { deleteIcTemplate, icKey, saveIcTemplate } from '../intercompany-api';
import { buildIcTemplateInput, emptyIcLine, icLinesFromView, switchPartner, type IcGridLine, type IcTemplateHeader } from '../intercompany-lines';
import { useIcGrid } from '../useIcGrid';
import type { IcReference } from '../useIcReference';
import { companyTotals, entryBalance, type PairCompany } from '../intercompany-totals';
import { CompanyTotalsPanel } from './CompanyTotalsPanel';
import { IcLineGrid } from './IcLineGrid';

type Props = { template: IntercompanyTemplateView | undefined; reference: IcReference & { own: PairCompany & { description: string } }; onClose: () => void };

/** What stops a template being sent; the server checks again (accounts of their companies, the partner). */
function templateProblems(header: IcTemplateHeader, lines: readonly IcGridLine[], scales: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  if (!header.code.trim()) problems.push('Please supply a code');
  if (!header.name.trim()) problems.push('Please supply a name');
  if (!header.partnerCompany) problems.push('Please choose the partner company');
  const used = lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlankLine(line));
  if (used.length < 2) problems.push('A template needs at least two lines');
  for (const { line, index } of used) {
    const scale = scales[line.currency] ?? SCALE_FALLBACK;
    if (!line.company) problems.push(`Line ${index + 1}: Please choose the company of the line`);
    else if (!line.account) problems.push(`Line ${index + 1}: Please choose an account`);
    else if (!isAmountText(line.debit, scale) || !isAmountText(line.credit, scale)) problems.push(`Line ${index + 1}: amounts must be positive with at most ${scale} decimals`);
  }
  return problems;
}

/** A template's code, name, partner and lines (amounts may stay blank), in a drawer over the list. */
export function IcTemplateDrawer({ template, reference, onClose }: Props) {
  const own = reference.own;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 767px)');
  const { permissions } = useSignedInUser().parentRole;
  const [header, setHeader] = useState<IcTemplateHeader>(() => ({ code: template?.code ?? '', name: template?.name ?? '', partnerCompany: template?.partnerCompany.id ?? '', description: template?.description ?? '' }));
  const grid = useIcGrid(() => (template ? icLinesFromView(template) : [emptyIcLine('', own.baseCurrency), emptyIcLine(own.id, own.baseCurrency)]), own.id, own.baseCurrency);
  const partner = reference.companyOf(header.partnerCompany);
  const pair = useMemo(() => (partner ? ([own, partner] as const) : undefined), [own, partner]);
  const companies = useMemo(() => (pair ? [...pair] : [own]), [own, pair]);
  // The same running totals as the journal editor: a template with amounts shows it will balance before it is used.
  const totals = useMemo(() => (pair ? companyTotals(grid.lines, pair, reference.scales) : []), [grid.lines, pair, reference.scales]);
  const entry = useMemo(() => entryBalance(grid.lines, reference.scales), [grid.lines, reference.scales]);
  const [busy, setBusy] = useState(false);
  const mayWrite = hasOperation(permissions, template ? ops.edit : ops.save);

  const save = async () => {
    const problems = templateProblems(header, grid.lines, reference.scales);
    if (problems.length > 0) return notify.error(problems.slice(0, 3).join('; '), 'Please check the template');
    setBusy(true);
    try {
      // Blank lines (no account, amount or text) are left out of the body.
      const saved = await saveIcTemplate(template?.id, buildIcTemplateInput(header, grid.lines));
      await queryClient.invalidateQueries({ queryKey: icKey });
      notify.success(`Template ${saved.code} saved`);
      onClose();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!template) return;
    try {
      await deleteIcTemplate(template.id);
      await queryClient.invalidateQueries({ queryKey: icKey });
      notify.success(`Template ${template.code} deleted`);
      onClose();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };
  const choosePartner = (id: string) => {
    grid.api.replace(switchPartner(grid.lines.map((l) => (l.company ? l : { ...l, company: header.partnerCompany })), header.partnerCompany, id));
    setHeader((h) => ({ ...h, partnerCompany: id }));
  };

  return (
    <Drawer
      open
      title={template ? `Intercompany template ${template.code}` : 'New intercompany template'}
      size={narrow ? '100%' : 1100}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          {template && hasOperation(permissions, ops.delete) && (
            <Popconfirm title="Delete this template?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void remove()}>
              <Button danger icon={<DeleteOutlined aria-hidden />}>Delete</Button>
            </Popconfirm>
          )}
          {mayWrite && <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={busy} onClick={() => void save()}>Save</Button>}
        </Flex>
      }
    >
      <Form layout="vertical" component="div" requiredMark>
        <Row gutter={16}>
          <Col xs={24} sm={8} md={5}>
            <Form.Item label="Code" htmlFor="ict-code" required><Input id="ict-code" maxLength={30} value={header.code} onChange={(e) => setHeader((h) => ({ ...h, code: e.target.value }))} /></Form.Item>
          </Col>
          <Col xs={24} sm={16} md={9}>
            <Form.Item label="Name" htmlFor="ict-name" required><Input id="ict-name" maxLength={100} value={header.name} onChange={(e) => setHeader((h) => ({ ...h, name: e.target.value }))} /></Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="Partner company" htmlFor="ict-partner" required>
              <Select id="ict-partner" placeholder="Choose the other company" value={header.partnerCompany || undefined} options={reference.partners.map((p) => ({ value: p.id, label: `${p.code} · ${p.description}` }))} onChange={choosePartner} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Description" htmlFor="ict-description"><Input id="ict-description" maxLength={500} value={header.description} onChange={(e) => setHeader((h) => ({ ...h, description: e.target.value }))} /></Form.Item>
          </Col>
        </Row>
      </Form>
      <IcLineGrid lines={grid.lines} api={grid.api} companies={companies} scales={reference.scales} currencyCodes={reference.currencyCodes} withRate={false} />
      {pair && <CompanyTotalsPanel companies={totals} entry={entry} />}
    </Drawer>
  );
}
