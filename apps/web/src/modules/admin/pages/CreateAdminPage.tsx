import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { tenantSchema, type Tenant } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { errorMessage } from '../api-client';
import { TextField } from '../components/FormFields';
import { useSaveTenant, useTenants } from '../organisation-api';
import { PageHeading, useNotify } from '../shell-adapter';

const newTenantSchema = tenantSchema.pick({ code: true, name: true, host: true });

/** What happened to the last request: the tenant made, or the status the server refused it with. */
type Outcome = { created: Tenant } | { refusedWith: number } | undefined;

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  if ('created' in outcome) {
    const { code, host } = outcome.created;
    const next = `Open http://${host}/user-setup to create its first user, who becomes its administrator.`;
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        title={`Tenant ${code} created`}
        description={next}
      />
    );
  }
  // The server's own message is in the notification banner; this says what it means here.
  const why =
    outcome.refusedWith === 403
      ? 'The server refused: creating tenants is reserved to the license manager tenant.'
      : 'The server refused the request; its message is shown above.';
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title="The tenant was not created"
      description={why}
    />
  );
}

/**
 * /create-admin: the license manager registers a new tenant (its host, first company and built-in
 * roles); the tenant's first user, its administrator, is then created at that host's /user-setup.
 * The server refuses this for any other tenant, and the refusal is shown clearly.
 */
export default function CreateAdminPage() {
  const notify = useNotify();
  const save = useSaveTenant();
  const own = useTenants();
  const [outcome, setOutcome] = useState<Outcome>();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(newTenantSchema),
    defaultValues: { code: '', name: '', host: '' },
  });
  const notLicenseManager =
    own.data !== undefined && !own.data.items.some((tenant) => tenant.isLicenseManager);

  const submit = handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const created = await save.mutateAsync({ ...input, isLicenseManager: false });
      if (created) setOutcome({ created });
      reset();
      notify.success();
    } catch (error) {
      setOutcome({ refusedWith: error instanceof ApiError ? error.error.statusCode : 0 });
      notify.error(errorMessage(error));
    }
  });

  return (
    <>
      <PageHeading title="Create Tenant" />
      <Card style={{ maxWidth: 640 }}>
        {notLicenseManager && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="This tenant is not the license manager tenant: the server will refuse to create tenants from here."
          />
        )}
        <OutcomeAlert outcome={outcome} />
        <Form layout="vertical" onFinish={() => void submit()}>
          <TextField
            control={control}
            name="code"
            label="Tenant Code"
            id="new-tenant-code"
            required
            maxLength={40}
          />
          <TextField
            control={control}
            name="name"
            label="Tenant Name"
            id="new-tenant-name"
            required
            maxLength={200}
          />
          <TextField
            control={control}
            name="host"
            label="Host"
            id="new-tenant-host"
            required
            maxLength={253}
            extra="The address the tenant's users open, e.g. acme.example.com"
          />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Create Tenant
          </Button>
        </Form>
      </Card>
    </>
  );
}
