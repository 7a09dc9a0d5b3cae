import { Col, Form, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { userStatuses } from '@erp/contracts';
import { unwrap } from '../../app/api';
import { fetchCompanies, fetchRoles } from './auth-api';
import type { UserFormValues } from './user-save';

/** Company, Role and Status: only for a signed-in administrator (SPEC.md section 2). */
export function UserAdminFields({ control, roleDisabled }: { control: Control<UserFormValues>; roleDisabled: boolean }) {
  const companies = useQuery({ queryKey: ['gl', 'GetCompanies', 20], queryFn: async () => unwrap(await fetchCompanies(20)) });
  const roles = useQuery({ queryKey: ['auth', 'role', 'getroles'], queryFn: async () => unwrap(await fetchRoles()) });
  const companyOptions = (companies.data?.items ?? []).map((company) => ({ value: company.id, label: `${company.code} · ${company.description}` }));
  const roleOptions = (roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }));
  const statusOptions = userStatuses.map((status) => ({ value: status, label: status }));
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item label="Company" htmlFor="user-form-company">
          <Controller
            control={control}
            name="company"
            render={({ field }) => <Select {...field} id="user-form-company" options={companyOptions} loading={companies.isPending} aria-label="Company" />}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Role" htmlFor="user-form-role">
          <Controller
            control={control}
            name="roleID"
            render={({ field }) => <Select {...field} id="user-form-role" options={roleOptions} loading={roles.isPending} disabled={roleDisabled} aria-label="Role" />}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Status" htmlFor="user-form-status">
          <Controller
            control={control}
            name="userStatus"
            render={({ field }) => <Select {...field} id="user-form-status" options={statusOptions} aria-label="Status" />}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
