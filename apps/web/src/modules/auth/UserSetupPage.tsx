import { useSession } from '../../app/session/useSession';
import { AuthLayout } from './AuthLayout';
import { UserForm } from './UserForm';

/** /user-setup (and / while the tenant has no user): first-user creation with the agreement. */
export function UserSetupPage() {
  const { user } = useSession();
  return (
    <AuthLayout title="Create User" subtitle="This installation has no user yet. The first user becomes the administrator of the tenant." wide>
      <UserForm loggedIn={user !== undefined} showAgreement />
    </AuthLayout>
  );
}
