import { BankOutlined, DashboardOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useSession, useSignedInUser } from '../session/useSession';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Name, email, Dashboard, company and Logout (SPEC.md section 2). */
export function UserMenu({ compact }: { compact: boolean }) {
  const user = useSignedInUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <strong data-testid="user-menu-name">{user.name}</strong>
          <span style={{ opacity: 0.65 }} data-testid="user-menu-email">{user.mailAddress}</span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'dashboard', icon: <DashboardOutlined />, label: 'Dashboard' },
    { key: 'company', icon: <BankOutlined />, label: <span data-testid="user-menu-company">{user.activeUser.company.description}</span>, disabled: true },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/user-profile');
    if (key === 'dashboard') navigate('/dashboard');
    if (key === 'logout') logout();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label="User menu" style={{ height: 44, paddingInline: 6, display: 'flex', alignItems: 'center', gap: 8 }}>
        {/* Not antd's Avatar: it measures its text after every mount to scale it (a forced layout of the whole first page,
            ~90-200 ms with the CPU throttled 4x); two initials always fit 30 px. */}
        <span className="erp-avatar" style={{ backgroundColor: user.activeUser.color ?? '#2457c5' }}>
          {initials(user.name)}
        </span>
        {!compact && (
          <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.25, maxWidth: 160 }}>
            <span style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 160 }}>{user.name}</span>
            <span style={{ fontSize: 11, opacity: 0.6, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 160 }}>{user.activeUser.role}</span>
          </span>
        )}
        {!compact && <DownOutlined style={{ fontSize: 10, opacity: 0.6 }} />}
      </Button>
    </Dropdown>
  );
}
