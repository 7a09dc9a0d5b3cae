import { Layout } from 'antd';

export const APP_VERSION = '1.0';

/** The 40px footer: the copyright line with the version (SPEC.md section 2). */
export function ShellFooter() {
  return (
    <Layout.Footer className="erp-footer" role="contentinfo">
      <span>© {new Date().getFullYear()} ERP Suite. All rights reserved.</span>
      <span>Version {APP_VERSION}</span>
    </Layout.Footer>
  );
}
