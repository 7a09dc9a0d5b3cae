import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Alert, Button, Empty, Modal } from 'antd';
import type { AgreementState } from './useAgreement';

export const AGREEMENT_TITLE = 'End User License Agreement';

/** The tenant's agreement text (HTML, sanitised) with Accept and Cancel. */
export function AgreementModal({ agreement }: { agreement: AgreementState }) {
  const safeHtml = useMemo(() => DOMPurify.sanitize(agreement.html), [agreement.html]);
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
