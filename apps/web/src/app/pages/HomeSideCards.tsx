import { Card, Descriptions, Empty, Typography } from 'antd';
import { Link } from 'react-router';
import { hasScreen } from '../page-registry';
import { useSignedInUser } from '../session/useSession';
import type { PageEntry } from '../shell/useVisibleMenu';

/** A card's worth: the home page stays one screen tall; every other page is a search or a module tile away. */
export const SHORTCUT_LIMIT = 12;

/** Menu groups of set-up pages: visited once, so after the day's work (journals, reports, tasks) in the shortcuts. */
const SETUP_GROUPS: ReadonlySet<string> = new Set(['Setup', 'Organisation', 'Security', 'Configuration', 'Periods', 'Currency']);

/** The released screens among the pages the user may open: each once, main pages only (a child page opens from its parent), daily work first. */
export function shortcutPages(pages: readonly PageEntry[]): PageEntry[] {
  const released = pages.filter((page) => !page.child && hasScreen(page.link));
  return [...released.filter((page) => !SETUP_GROUPS.has(page.group)), ...released.filter((page) => SETUP_GROUPS.has(page.group))];
}

/** The signed-in user's account facts. */
export function AccountCard() {
  const user = useSignedInUser();
  return (
    <Card size="small" title="Your account">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: 'Name', children: user.name },
          { key: 'mail', label: 'Email', children: user.mailAddress },
          { key: 'role', label: 'Role', children: user.activeUser.role },
          { key: 'company', label: 'Company', children: `${user.activeUser.company.code} · ${user.activeUser.company.description}` },
          { key: 'tenant', label: 'Tenant', children: user.activeUser.tenant.name },
        ]}
      />
    </Card>
  );
}

/** Links to the first released screens among the pages the user may open. */
export function ShortcutsCard({ pages }: { pages: readonly PageEntry[] }) {
  const released = shortcutPages(pages);
  const shown = released.slice(0, SHORTCUT_LIMIT);
  return (
    <Card size="small" title="Shortcuts">
      {released.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No released screen in your modules yet." />
      ) : (
        <ul className="erp-page-list erp-shortcuts" aria-label="Shortcuts">
          {shown.map((page) => (
            <li key={page.link}>
              <Link to={page.link}>{page.name}</Link>
              <span style={{ opacity: 0.55, fontSize: 11 }}>{page.module}</span>
            </li>
          ))}
        </ul>
      )}
      {released.length > shown.length && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {released.length - shown.length} more: find any page with Search pages in the top bar, or open a module above.
        </Typography.Paragraph>
      )}
    </Card>
  );
}
