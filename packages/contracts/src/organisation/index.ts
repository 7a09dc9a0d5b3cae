import { z } from 'zod';
import { activeFlagSchema } from '../common/states';
import { dateSchema } from '../common/scalars';

/** ISO date only (SPEC.md section 9). */
export const isoDateSchema = dateSchema();

export const dateFormats = ['dd/mm/yy', 'dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy'] as const;
/** Default date format label of SPEC.md section 9. */
export const DEFAULT_DATE_FORMAT = 'dd/mm/yy';

export const tenantSchema = z.object({
  id: z.uuid().optional(),
  code: z.string().trim().min(1, 'Please supply tenant code').max(40),
  name: z.string().trim().min(1, 'Please supply tenant name').max(200),
  host: z.string().trim().toLowerCase().min(1, 'Please supply tenant host').max(253),
  isLicenseManager: z.boolean().optional(),
  globalAgreement: z.string().max(200_000).optional(),
  status: activeFlagSchema.optional(),
});
export type TenantInput = z.infer<typeof tenantSchema>;
export const tenantViewSchema = tenantSchema.required({ id: true }).extend({
  isLicenseManager: z.boolean(),
  globalAgreement: z.string(),
  status: activeFlagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantViewSchema>;

export const companySchema = z.object({
  id: z.uuid().optional(),
  code: z.string().trim().min(1, 'Please supply company code').max(40),
  description: z.string().trim().min(1, 'Please supply company description').max(200),
  baseCurrency: z.string().length(3).toUpperCase().optional(),
  accountingDate: isoDateSchema.optional(),
  dateFormat: z.enum(dateFormats).optional(),
  locale: z.string().max(35).optional(),
  status: activeFlagSchema.optional(),
});
export type CompanyInput = z.infer<typeof companySchema>;
export const companyViewSchema = companySchema.required({ id: true }).extend({
  baseCurrency: z.string(),
  accountingDate: z.string(),
  dateFormat: z.string(),
  locale: z.string(),
  status: activeFlagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companyViewSchema>;
export const companyListItemSchema = z.object({ id: z.uuid(), code: z.string(), description: z.string() });
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const currencyViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  minorUnit: z.number().int(),
  status: activeFlagSchema,
});
export type Currency = z.infer<typeof currencyViewSchema>;

export const localeSchema = z.object({ code: z.string(), name: z.string() });
export type Locale = z.infer<typeof localeSchema>;

/** Tenants or companies saved in one call: new ones without an id, edited ones with theirs. */
export const tenantBatchSchema = z.array(tenantSchema).min(1).max(50);
export const tenantViewsSchema = z.array(tenantViewSchema);
export const companyBatchSchema = z.array(companySchema).min(1).max(50);
export const companyViewsSchema = z.array(companyViewSchema);
export const tenantListSchema = z.object({ items: z.array(tenantViewSchema), total: z.number().int() });
export type TenantList = z.infer<typeof tenantListSchema>;
export const companyListSchema = z.object({ items: z.array(companyListItemSchema), total: z.number().int() });
export type CompanyList = z.infer<typeof companyListSchema>;
export const currencyListSchema = z.object({ items: z.array(currencyViewSchema), total: z.number().int() });
export type CurrencyList = z.infer<typeof currencyListSchema>;
export const localeListSchema = z.array(localeSchema);
export const hostParamSchema = z.object({ host: z.string().min(1).max(253) });
