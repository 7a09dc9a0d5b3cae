import { DeleteOutlined, PlayCircleOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { datePattern, displayDate, hasOperation, type RecurringJournalView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { toIsoDate } from '../../../../shared/format';
import { blankRecurringForm, formFromRecurring, frequencyText, previewDates, type RecurringForm } from '../recurring-form';
import { RECURRING_LIST_LINK, useRecurringActions } from '../useRecurringActions';
import { RecurringFields } from './RecurringFields';
import { RecurringHistory } from './RecurringHistory';
import { RecurringStateTag } from './RecurringStateTag';
import { DateTimeText } from '../../../../shared/DisplayText';

type Props = { view: RecurringJournalView | undefined; dateFormat: string; baseCurrency: string };

const PREVIEW_COUNT = 6;
const same = (a: RecurringForm, b: RecurringForm) => JSON.stringify(a) === JSON.stringify(b);

function LastRun({ view, dateFormat }: { view: RecurringJournalView; dateFormat: string }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'state', label: 'State', children: <RecurringStateTag state={view.state} /> },
        { key: 'generated', label: 'Journals generated', children: view.occurrencesGenerated },
        { key: 'last', label: 'Last occurrence', children: view.lastOccurrenceDate ? displayDate(view.lastOccurrenceDate, { dateFormat }) : '—' },
        { key: 'ran', label: 'Last run', children: view.lastRunAt ? <DateTimeText value={view.lastRunAt} /> : 'Never' },
      ]}
    />
  );
}

/** A recurring journal: the template and its schedule, the next dates it will generate, Run now, and the journals it made. */
export function RecurringEditor({ view, dateFormat, baseCurrency }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const [saved, setSaved] = useState<RecurringForm>(() => (view ? formFromRecurring(view) : blankRecurringForm(toIsoDate(new Date()))));
  const [form, setForm] = useState(saved);
  const dirty = !same(form, saved);
  const actions = useRecurringActions(view?.id, (next) => {
    const fresh = formFromRecurring(next);
    setSaved(fresh);
    setForm(fresh);
  });
  const mayWrite = hasOperation(permissions, view ? 'EditRecurringJournal' : 'SaveRecurringJournal');
  const mayDelete = view !== undefined && hasOperation(permissions, 'DeleteRecurringJournal');
  const mayRun = view !== undefined && hasOperation(permissions, 'EditRecurringJournal');
  const upcoming = previewDates(form, view?.occurrencesGenerated ?? 0, PREVIEW_COUNT);
  const picker = datePattern(dateFormat);

  return (
    <>
      <PageHeading
        title={view ? `Recurring journal ${saved.code}` : 'New recurring journal'}
        subtitle={
          <Space size={8} wrap>
            {view && <RecurringStateTag state={view.state} />}
            <span>{frequencyText(form.frequency, form.interval)}</span>
            <span>{form.mode === 'Post' ? 'posted at once' : 'as drafts'}</span>
            {dirty && view && <Typography.Text type="warning">Unsaved changes</Typography.Text>}
          </Space>
        }
        extra={
          <Flex wrap gap={8}>
            <Link to={RECURRING_LIST_LINK}>
              <Button icon={<UnorderedListOutlined aria-hidden />}>All recurring journals</Button>
            </Link>
            {mayRun && (
              <Popconfirm
                title="Generate every journal due up to today?"
                description={form.mode === 'Post' ? 'They are posted at once.' : 'They are saved as drafts.'}
                okText="Run now"
                onConfirm={() => void actions.runNow()}
                disabled={dirty || view.state !== 'Active'}
              >
                <Button icon={<PlayCircleOutlined aria-hidden />} loading={actions.busy === 'run'} disabled={dirty || view.state !== 'Active' || (actions.busy !== undefined && actions.busy !== 'run')} title={dirty ? 'Save the schedule first' : undefined}>
                  Run now
                </Button>
              </Popconfirm>
            )}
            {mayDelete && (
              <Popconfirm title="Delete this recurring journal?" description="The journals it generated stay." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void actions.remove()}>
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={actions.busy === 'delete'} disabled={actions.busy !== undefined && actions.busy !== 'delete'}>
                  Delete
                </Button>
              </Popconfirm>
            )}
            {mayWrite && (
              <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={actions.busy === 'save'} disabled={actions.busy !== undefined && actions.busy !== 'save'} onClick={() => void actions.save(form)}>
                Save
              </Button>
            )}
          </Flex>
        }
      />
      {view?.lastError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={<>The last run failed{view.lastErrorAt && <> (<DateTimeText value={view.lastErrorAt} />)</>}</>}
          description={view.lastError}
        />
      )}
      <Card size="small" title="Schedule" style={{ marginBottom: 16 }}>
        <RecurringFields form={form} dateFormat={picker} onChange={(patch) => setForm((current) => ({ ...current, ...patch }))} />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={view ? 8 : 24}>
          <Card size="small" title="Next journals" style={{ marginBottom: 16 }}>
            {upcoming.length > 0 ? (
              <Flex wrap gap={6} aria-label="Next journal dates">
                {upcoming.map((date) => (
                  <Tag key={date}>{displayDate(date, { dateFormat })}</Tag>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{form.active ? 'None: the schedule has ended' : 'None while the schedule is inactive'}</Typography.Text>
            )}
            {view && (
              <div style={{ marginTop: 12 }}>
                <LastRun view={view} dateFormat={dateFormat} />
              </div>
            )}
          </Card>
        </Col>
        {view && (
          <Col xs={24} lg={16}>
            <Card size="small" title="Generated journals" style={{ marginBottom: 16 }}>
              <RecurringHistory id={view.id} dateFormat={dateFormat} currency={baseCurrency} />
            </Card>
          </Col>
        )}
      </Row>
    </>
  );
}
