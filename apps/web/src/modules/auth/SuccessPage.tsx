import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** /success (a protected route): confirmation after an operation, with the way back home. */
export function SuccessPage() {
  return (
    <Result
      status="success"
      title="Operation Successful"
      subTitle="Your changes have been saved."
      extra={
        <Link to="/home">
          <Button type="primary">Back to Home</Button>
        </Link>
      }
    />
  );
}
