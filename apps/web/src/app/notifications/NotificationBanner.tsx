import { useState } from 'react';
import { Alert, Button, Drawer, Typography } from 'antd';
import { cutBody, ERROR_DRAWER_TITLE, type Notice } from './notification-text';

/** The top banner: header, body cut at 200 characters with See more opening the full text in a drawer. */
export function NotificationBanner({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { text, cut } = cutBody(notice.body);
  return (
    <>
      <div className="erp-notification" data-testid="notification-banner" data-kind={notice.kind}>
        <Alert
          type={notice.kind}
          showIcon
          title={notice.header}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          description={
            <span>
              <span data-testid="notification-body">{text}</span>
              {cut && (
                <Button type="link" size="small" className="erp-see-more" onClick={() => setDrawerOpen(true)}>
                  See more
                </Button>
              )}
            </span>
          }
          closable={{ 'aria-label': 'Close notification', onClose }}
        />
      </div>
      {/* Above the banner (z-index 2100 in styles.css), which would otherwise cover the drawer's close button. */}
      <Drawer title={ERROR_DRAWER_TITLE} open={drawerOpen} onClose={() => setDrawerOpen(false)} size={420} zIndex={2200}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{notice.body}</Typography.Paragraph>
      </Drawer>
    </>
  );
}
