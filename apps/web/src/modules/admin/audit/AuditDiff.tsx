import { Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { AuditEntry, AuditLabels } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import { diffRows, sideCaption, type DiffCell } from './audit-diff-rows';
import './audit-trail.css';

function Value({ cell }: { cell: DiffCell }) {
  if (cell.missing) return <Typography.Text type="secondary" italic>{cell.text}</Typography.Text>;
  if (cell.multiline) return <pre className="audit-value">{cell.text}</pre>;
  if (!cell.id) return <span className="audit-value-inline">{cell.text}</span>;
  return (
    <Tooltip title={cell.id}>
      <span className="audit-value-inline" data-record-id={cell.id}>{cell.text}</span>
    </Tooltip>
  );
}

/** Before and after side by side, one row per field; the changed rows are highlighted and tagged; ids the page's labels name read as labels. */
export function AuditDiff({ entry, labels }: { entry: AuditEntry; labels?: AuditLabels }) {
  const [changedOnly, setChangedOnly] = useState(false);
  const display = useDisplay();
  const rows = diffRows(entry, changedOnly, labels, display);
  const beforeNote = sideCaption(entry.before, 'before');
  const afterNote = sideCaption(entry.after, 'after');
  if (entry.before === null && entry.after === null) {
    return <Typography.Text type="secondary">This entry records the action only, with no values.</Typography.Text>;
  }
  return (
    <div className="audit-diff">
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <Switch size="small" checked={changedOnly} onChange={setChangedOnly} aria-label="Changed fields only" />
        <Typography.Text>Changed fields only</Typography.Text>
      </Flex>
      <table className="audit-diff-table" aria-label={`Before and after of entry ${entry.id}`}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before{beforeNote && <Typography.Text type="secondary"> ({beforeNote})</Typography.Text>}</th>
            <th scope="col">After{afterNote && <Typography.Text type="secondary"> ({afterNote})</Typography.Text>}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className={row.changed ? 'audit-diff-changed' : undefined} data-changed={row.changed}>
              <th scope="row">
                {row.label}
                {row.changed && <Tag color="gold" className="audit-changed-tag">changed</Tag>}
              </th>
              <td><Value cell={row.before} /></td>
              <td><Value cell={row.after} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
