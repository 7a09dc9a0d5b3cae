import { Button, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { AuditEntry } from '@erp/contracts';
import type { Display } from '../../../shared/useDisplay';
import { actionColour, actionLabel, entryTimeLabel, humanise } from './audit-labels';

type Options = { now: Date; display: Display; onRecord: (entry: AuditEntry) => void; onUser: (entry: AuditEntry) => void };

const CHANGED_SHOWN = 4;

/** Time, user, entity, record, action and the changed fields; a click on a record or user narrows the list to it. */
export function auditColumns({ now, display, onRecord, onUser }: Options): TableColumnsType<AuditEntry> {
  return [
    {
      title: 'Time',
      key: 'at',
      render: (_, entry) => (
        <Tooltip title={display.dateTime(entry.at)}>
          <span className="audit-time">{entryTimeLabel(entry.at, now)}</span>
        </Tooltip>
      ),
    },
    {
      title: 'User',
      key: 'user',
      render: (_, entry) =>
        entry.user ? (
          <Button type="link" size="small" className="audit-user" style={{ padding: 0, height: 'auto' }} title={`Only entries by ${entry.user.name}`} onClick={(e) => { e.stopPropagation(); onUser(entry); }}>
            <span>
              {entry.user.name}
              <Typography.Text type="secondary" className="audit-user-mail">{entry.user.mailAddress}</Typography.Text>
            </span>
          </Button>
        ) : (
          <Typography.Text type="secondary">System</Typography.Text>
        ),
    },
    { title: 'Entity', key: 'entity', render: (_, entry) => humanise(entry.entity) },
    {
      title: 'Record',
      key: 'recordId',
      responsive: ['md'],
      // The record's label (journal number, account code and name, user name...), its id in the tooltip.
      render: (_, entry) => (
        <Tooltip title={entry.recordLabel ? entry.recordId : undefined}>
          <Button type="link" size="small" className={entry.recordLabel ? 'audit-record' : 'audit-record audit-record-id'} style={{ padding: 0, height: 'auto' }} title="Only this record's history" data-record-id={entry.recordId} onClick={(e) => { e.stopPropagation(); onRecord(entry); }}>
            {entry.recordLabel ?? entry.recordId}
          </Button>
        </Tooltip>
      ),
    },
    { title: 'Action', key: 'action', render: (_, entry) => <Tag color={actionColour(entry.action)}>{actionLabel(entry.action)}</Tag> },
    {
      title: 'Changed',
      key: 'changedFields',
      responsive: ['lg'],
      render: (_, entry) => {
        const shown = entry.changedFields.slice(0, CHANGED_SHOWN).map(humanise).join(', ');
        const more = entry.changedFields.length - CHANGED_SHOWN;
        return entry.changedFields.length === 0 ? <Typography.Text type="secondary">—</Typography.Text> : `${shown}${more > 0 ? ` and ${more} more` : ''}`;
      },
    },
  ];
}
