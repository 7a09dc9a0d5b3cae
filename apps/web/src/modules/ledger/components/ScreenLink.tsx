import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A button that opens another screen of the app (client-side, no reload). */
export function ScreenLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button icon={icon} onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
}
