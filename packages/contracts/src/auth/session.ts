import { z } from 'zod';
import { userStatusSchema } from '../common/states';
import { permissionSchema } from './role';

export const tenantRefSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
export const companyRefSchema = z.object({ id: z.uuid(), code: z.string(), description: z.string() });

/** The signed-in user record of SPEC.md section 3. */
export const signedInUserSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  activeUser: z.object({
    code: z.uuid(),
    name: z.string(),
    mailAddress: z.string(),
    status: userStatusSchema,
    roleID: z.uuid(),
    role: z.string(),
    color: z.string().nullable(),
    tenant: tenantRefSchema,
    company: companyRefSchema,
  }),
  name: z.string(),
  mailAddress: z.string(),
  company: z.uuid(),
  parentRole: z.object({
    id: z.uuid(),
    name: z.string(),
    permissions: z.array(permissionSchema),
  }),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** Tenant request result of SPEC.md section 3. */
export const tenantRequestResultSchema = z.object({
  isLicenseManager: z.boolean(),
  globalAgreement: z.string(),
});
export type TenantRequestResult = z.infer<typeof tenantRequestResultSchema>;

/** Headers of SPEC.md section 6 and 7. */
export const TENANT_HEADER = 'token';
