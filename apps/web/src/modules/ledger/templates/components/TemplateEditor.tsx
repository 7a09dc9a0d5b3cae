import { DeleteOutlined, FileAddOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { datePattern, hasOperation, type JournalTemplateView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { LineGrid } from '../../journals/components/LineGrid';
import { LineTotals } from '../../journals/components/LineTotals';
import { emptyLine, sentLineNumbers } from '../../journals/journal-lines';
import { gridTotals } from '../../journals/journal-totals';
import type { LedgerReference } from '../../journals/useLedgerReference';
import { useLineGrid } from '../../journals/useLineGrid';
import { blankTemplateHeader, buildTemplateInput, headerFromTemplate, linesFromTemplate, templateProblems, type TemplateHeader } from '../template-lines';
import { TEMPLATE_LINK, useTemplateActions } from '../useTemplateActions';
import { CreateJournalModal } from './CreateJournalModal';
import { TemplateHeaderFields } from './TemplateHeaderFields';

type Props = { view: JournalTemplateView | undefined; baseCurrency: string; reference: LedgerReference; dateFormat: string };

const sameHeader = (a: TemplateHeader, b: TemplateHeader) => (Object.keys(a) as (keyof TemplateHeader)[]).every((key) => a[key] === b[key]);

/** A new or saved template: its header, the journal line grid (no rates: each journal takes its day's), totals, Save, Delete and Create journal. */
export function TemplateEditor({ view, baseCurrency, reference, dateFormat }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const [initialHeader] = useState<TemplateHeader>(() => (view ? headerFromTemplate(view) : blankTemplateHeader()));
  const [header, setHeader] = useState(initialHeader);
  const [savedHeader, setSavedHeader] = useState(initialHeader);
  const [making, setMaking] = useState(false);
  const grid = useLineGrid(baseCurrency, () => (view ? linesFromTemplate(view) : [emptyLine(baseCurrency), emptyLine(baseCurrency)]));
  const totals = useMemo(() => gridTotals(grid.lines, baseCurrency, reference.scales), [grid.lines, baseCurrency, reference.scales]);
  const dirty = grid.edits > 0 || !sameHeader(header, savedHeader);
  const mayWrite = hasOperation(permissions, view ? 'EditJournalTemplate' : 'SaveJournalTemplate');
  const mayDelete = view !== undefined && hasOperation(permissions, 'DeleteJournalTemplate');

  const actions = useTemplateActions(
    view?.id,
    () => ({ input: buildTemplateInput(header, grid.lines), numbers: sentLineNumbers(grid.lines), problems: templateProblems(header, grid.lines, reference.scales) }),
    () => {
      setSavedHeader(header);
      grid.api.markSaved(grid.edits);
    },
  );
  const patchHeader = useCallback((patch: Partial<TemplateHeader>) => setHeader((current) => ({ ...current, ...patch })), []);

  return (
    <>
      <PageHeading
        title={view ? `Journal template ${savedHeader.code}` : 'New journal template'}
        subtitle={
          <Space size={8} wrap>
            {view && <span>{savedHeader.name}</span>}
            {view && !savedHeader.active && <Tag>Inactive</Tag>}
            {view && view.usedBy > 0 && <span>Used by {view.usedBy} recurring {view.usedBy === 1 ? 'journal' : 'journals'}</span>}
            {dirty && view && <Typography.Text type="warning">Unsaved changes</Typography.Text>}
          </Space>
        }
        extra={
          <Flex wrap gap={8}>
            <Link to={TEMPLATE_LINK}>
              <Button icon={<UnorderedListOutlined aria-hidden />}>All templates</Button>
            </Link>
            {view && (
              <Button icon={<FileAddOutlined aria-hidden />} disabled={dirty || !savedHeader.active} title={dirty ? 'Save the template first' : undefined} onClick={() => setMaking(true)}>
                Create journal
              </Button>
            )}
            {mayDelete && (
              <Popconfirm
                title="Delete this template?"
                description={view.usedBy > 0 ? 'Recurring journals use it: they must be changed or deleted first.' : undefined}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => void actions.remove()}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={actions.busy === 'delete'} disabled={actions.busy === 'save'}>
                  Delete
                </Button>
              </Popconfirm>
            )}
            {mayWrite && (
              <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={actions.busy === 'save'} disabled={actions.busy === 'delete'} onClick={() => void actions.save()}>
                Save
              </Button>
            )}
          </Flex>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <TemplateHeaderFields header={header} onChange={patchHeader} />
      </Card>
      <Card
        size="small"
        title={
          <Flex justify="space-between" align="center" wrap gap={8}>
            <span>Lines ({grid.lines.length})</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              Amounts may be left empty, to be filled on each journal · base currency {baseCurrency}
            </Typography.Text>
          </Flex>
        }
      >
        <LineGrid
          lines={grid.lines}
          api={grid.api}
          focus={grid.focus}
          baseCurrency={baseCurrency}
          scales={reference.scales}
          currencyCodes={reference.currencyCodes}
          dimensionOptions={reference.dimensionOptions}
          taxOptions={reference.taxOptions}
          rateless
        />
        <LineTotals totals={totals} />
      </Card>
      <CreateJournalModal template={making && view ? { ...view, ...savedHeader } : undefined} dateFormat={datePattern(dateFormat)} onClose={() => setMaking(false)} />
    </>
  );
}
