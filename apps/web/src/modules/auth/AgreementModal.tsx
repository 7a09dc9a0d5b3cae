import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Alert, Button, Empty, Modal } from 'antd';
import type { AgreementState } from './useAgreement';

export const AGREEMENT_TITLE = 'End User License Agreement';

/**
 * The agreement's sanitised HTML without a leading heading that repeats the dialog's title (the
 * tenant's text usually opens with one, and the dialog showed the title twice).
 */
export function agreementBody(html: string, title = AGREEMENT_TITLE): string {
  const safe = DOMPurify.sanitize(html);
  const doc = new DOMParser().parseFromString(safe, 'text/html');
  const first = doc.body.firstElementChild;
  const same = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === title.toLowerCase();
  if (first && /^H[1-6]$/.test(first.tagName) && same(first.textContent)) first.remove();
  return doc.body.innerHTML;
}

/** The tenant's agreement text (HTML, sanitised) with Accept and Cancel. */
export function AgreementModal({ agreement }: { agreement: AgreementState }) {
  const safeHtml = useMemo(() => agreementBody(agreement.html), [agreement.html]);
  let body = <div className="erp-agreement" data-testid="agreement-text" dangerouslySetInnerHTML={{ __html: safeHtml }} />;
  if (agreement.error) body = <Alert type="error" showIcon title="The agreement could not be loaded" description={agreement.error} />;
  else if (!safeHtml.trim()) body = <Empty description="This tenant has no agreement text." />;
  return (
    <Modal
      open={agreement.open}
      title={AGREEMENT_TITLE}
      onCancel={agreement.cancel}
      width={720}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={agreement.cancel}>
          Cancel
        </Button>,
        <Button key="accept" type="primary" onClick={agreement.accept} disabled={agreement.error !== undefined}>
          Accept
        </Button>,
      ]}
    >
      {body}
    </Modal>
  );
}
