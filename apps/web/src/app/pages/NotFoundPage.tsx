import { Button, Flex, Result } from 'antd';
import { Link, useLocation } from 'react-router';

/** The catch-all screen for a path no route knows. */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { pathname } = useLocation();
  const result = (
    <Result
      status="404"
      title="Page not found"
      subTitle={`There is no page at ${pathname}.`}
      extra={
        <Link to={standalone ? '/' : '/home'}>
          <Button type="primary">{standalone ? 'Go to sign in' : 'Back to Home'}</Button>
        </Link>
      }
    />
  );
  if (!standalone) return result;
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {result}
    </Flex>
  );
}
