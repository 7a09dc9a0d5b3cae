import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { StatusMessage } from '../pages/StatusMessage';
import { ChunkLoadError } from './chunk-errors';

/** A screen that failed to load or render: the chunk texts of SPEC.md section 8 with a reload offer. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorResult error={error} />;
}

export function ErrorResult({ error }: { error: unknown }) {
  const reload = (
    <Button type="primary" key="reload" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  if (error instanceof ChunkLoadError) {
    return <StatusMessage status="warning" title={error.message} subTitle="A part of the application could not be downloaded. Check your connection and reload the page." extra={reload} />;
  }
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return <StatusMessage status="error" title="Something went wrong" subTitle={message} extra={reload} />;
}
