import { Card, Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_TRAIL_ACCESS_PAGE, AUDIT_TRAIL_PAGE, DEFAULT_DATE_FORMAT, hasPage, type AuditEntry, type AuditTrailPage, type DocumentDef } from '@erp/contracts';
import { Link } from 'react-router';
import { formatDateLabel, toIsoDate } from '../format';
import { apiRequest, unwrap, useCompany, useSignedInUser } from './shell-adapter';

/** Most steps one document shows; its full trail is one click away. */
const HISTORY_MAX = 200;

const verbs: Readonly<Record<string, string>> = { create: 'Created', edit: 'Changed', delete: 'Deleted' };

const statusOf = (snapshot: unknown): string | undefined => {
  const status = snapshot && typeof snapshot === 'object' ? (snapshot as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status : undefined;
};

/** What a step did, in words: a change of state says it (Draft → Posted), an edit names what changed. */
export function historyText(entry: AuditEntry): string {
  const from = statusOf(entry.before);
  const to = statusOf(entry.after);
  if (from && to && from !== to) return `${from} → ${to}`;
  const verb = verbs[entry.action] ?? entry.action;
  const fields = entry.changedFields.filter((field) => field !== 'updatedAt');
  return entry.action === 'edit' && fields.length > 0 ? `${verb}: ${fields.join(', ')}` : verb;
}

/** The trail answers newest first; a document's history reads oldest first, in the order the steps were written. */
export const oldestFirst = (items: readonly AuditEntry[]): AuditEntry[] => [...items].sort((a, b) => a.at.localeCompare(b.at) || bySequence(a.id, b.id));

/** Steps of one instant (a validate and a post of one call) keep the order of their entry ids, a sequence. */
function bySequence(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || a.localeCompare(b);
  return a.localeCompare(b);
}

/**
 * A document's history from the audit trail: every step of the record, oldest first, who and when.
 * Only asked by the roles that may read the trail (the others would make a refused call).
 */
export function DocumentHistory({ def, id }: { def: Pick<DocumentDef, 'name'>; id: string }) {
  const mayRead = hasPage(useSignedInUser().parentRole.permissions, AUDIT_TRAIL_ACCESS_PAGE);
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const query = new URLSearchParams({ entity: def.name, recordId: id, limit: String(HISTORY_MAX) });
  const trail = useQuery({
    queryKey: ['admin', 'audit-trail', 'document', def.name, id],
    queryFn: async ({ signal }) => unwrap(await apiRequest<AuditTrailPage>('GET', `/admin/audit-trail?${query.toString()}`, undefined, { signal })),
    enabled: mayRead,
  });
  if (!mayRead) return null;
  const items = oldestFirst(trail.data?.items ?? []);
  const when = (at: string) => {
    const date = new Date(at);
    return Number.isNaN(date.getTime()) ? at : `${formatDateLabel(toIsoDate(date), dateFormat)} ${date.toTimeString().slice(0, 5)}`;
  };
  return (
    <Card
      size="small"
      role="region"
      aria-label="History"
      title="History"
      extra={<Link to={`${AUDIT_TRAIL_PAGE}?${new URLSearchParams({ entity: def.name, recordId: id }).toString()}`}>Open in the audit trail</Link>}
      style={{ marginTop: 16 }}
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={trail.isLoading ? 'Loading…' : trail.error ? trail.error.message : 'No history yet'} />
      ) : (
        <Timeline
          items={items.map((entry) => ({
            key: entry.id,
            content: (
              <div data-testid="document-history-item">
                <Typography.Text strong>{historyText(entry)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {entry.user?.name ?? 'System'} · {when(entry.at)}
                  </Typography.Text>
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
