import { Col, Row } from 'antd';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { ProfileDetailsCard } from '../components/ProfileDetailsCard';
import { PageHeading } from '../shell-adapter';

/** /user-profile: the signed-in user's own details and password. */
export default function UserProfilePage() {
  return (
    <>
      <PageHeading title="User Profile" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileDetailsCard />
        </Col>
        <Col xs={24} lg={12}>
          <ChangePasswordCard />
        </Col>
      </Row>
    </>
  );
}
