import { Alert } from 'antd';
import { errorMessage } from '../api-client';

/** Errors of a list call, and a note when the server holds more rows than one call returns. */
export function LocalListNotice({
  error,
  shown,
  total,
}: {
  error: unknown;
  shown: number;
  total: number | undefined;
}) {
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 12 }} />;
  if (total === undefined || total <= shown) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={`Showing the first ${shown} of ${total}; narrow the search to see the rest.`}
      style={{ marginBottom: 12 }}
    />
  );
}
