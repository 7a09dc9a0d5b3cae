import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { useThemeMode } from '../../app/theme/useThemeMode';

const highlights = ['General ledger, payables and receivables', 'Fixed assets, cash management and payroll', 'Inventory, workflows and approvals'];

/** Sign-in and setup screens: no header or footer; a brand panel beside the form on wide screens. */
export function AuthLayout({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  const { mode } = useThemeMode();
  return (
    <div className="erp-auth" style={{ background: mode === 'dark' ? '#0b1220' : '#f3f5f9' }}>
      <aside className="erp-auth-brand" aria-hidden="true">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span style={{ fontSize: 18, fontWeight: 700, letterSpacing: 0.4 }}>ERP Suite</span>
        </div>
        <div>
          <h2 style={{ fontSize: 26, lineHeight: 1.3, margin: '0 0 16px', fontWeight: 600 }}>Accounting and business management for every company of your group.</h2>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 10, fontSize: 13, opacity: 0.9 }}>
            {highlights.map((line) => (
              <li key={line}>
                <CheckCircleFilled style={{ color: '#7fb0ff', marginRight: 8 }} />
                {line}
              </li>
            ))}
          </ul>
        </div>
        <span style={{ fontSize: 11, opacity: 0.6 }}>Version 1.0</span>
      </aside>
      <main className="erp-auth-main">
        <div className="erp-auth-card" style={wide ? { maxWidth: 460 } : undefined}>
          <div className="erp-auth-mobile-brand">
            <img src="/favicon.svg" alt="" width={30} height={30} />
            <span>ERP Suite</span>
          </div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </div>
      </main>
    </div>
  );
}
