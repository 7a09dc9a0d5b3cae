import {
  AppstoreOutlined,
  BookOutlined,
  BuildOutlined,
  DollarOutlined,
  FileTextOutlined,
  InboxOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The catalogue's module image names and the default page icon (side_journal), as antd icons. */
const icons: Readonly<Record<string, ReactNode>> = {
  module_admin: <SettingOutlined />,
  module_general_ledger: <BookOutlined />,
  module_account_payable: <ShoppingCartOutlined />,
  module_account_receivable: <DollarOutlined />,
  module_fixed_asset: <BuildOutlined />,
  module_cash_management: <WalletOutlined />,
  module_payroll: <TeamOutlined />,
  module_inventory: <InboxOutlined />,
  side_journal: <FileTextOutlined />,
};

export function iconFor(name: string): ReactNode {
  return icons[name] ?? <AppstoreOutlined />;
}
