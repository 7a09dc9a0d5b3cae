import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form, Modal } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { activeFlags, tenantSchema, type Tenant } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { useSaveTenant } from '../organisation-api';
import { useNotify } from '../shell-adapter';
import { FormButtons } from './FormButtons';
import { optionsOf, SelectField, TextField } from './FormFields';

export function TenantFormModal({ tenant, onClose }: { tenant: Tenant | undefined; onClose: () => void }) {
  return (
    <Modal
      open={tenant !== undefined}
      title={tenant ? `Edit tenant ${tenant.code}` : undefined}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {tenant && <TenantForm key={tenant.id} tenant={tenant} onClose={onClose} />}
    </Modal>
  );
}

function TenantForm({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveTenant();
  const { id, code, name, host, status, globalAgreement } = tenant;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(tenantSchema),
    defaultValues: { id, code, name, host, status, globalAgreement },
  });
  const typedHost = useWatch({ control, name: 'host' });

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      notify.success();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <TextField control={control} name="code" label="Code" id="tenant-code" required maxLength={40} />
      <TextField control={control} name="name" label="Name" id="tenant-name" required maxLength={200} />
      <TextField control={control} name="host" label="Host" id="tenant-host" required maxLength={253} />
      {typedHost.trim().toLowerCase() !== host && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Changing the host moves the tenant to that address: its users sign in there from now on."
        />
      )}
      <SelectField
        control={control}
        name="status"
        label="Status"
        id="tenant-status"
        options={optionsOf(activeFlags)}
      />
      <TextField
        control={control}
        name="globalAgreement"
        label="Global Agreement"
        id="tenant-agreement"
        type="textarea"
        rows={5}
        extra="HTML shown in the End User License Agreement when a first user is created."
      />
      <FormButtons onCancel={onClose} saving={save.isPending} />
    </Form>
  );
}
