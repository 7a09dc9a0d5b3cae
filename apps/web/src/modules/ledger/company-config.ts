/*
 * The /company-config form's data: which default-account fields it shows (those the server
 * answers with, known ones by name, later ones by their key), and the two bodies it sends: the
 * company through SaveCompanies and the defaults through PUT /gl/company-config. Keys the form
 * does not show are sent back as they came, so a newer server loses nothing.
 */
import { z } from 'zod';
import { dateFormats, type Company, type CompanyInput } from '@erp/contracts';
import type { CompanyConfig } from './setup-api';

export type ConfigField = { key: string; label: string; help?: string; kind: 'account' | 'sequence' };

const KNOWN_FIELDS: readonly ConfigField[] = [
  { key: 'retainedEarningsAccount', label: 'Retained Earnings Account', help: 'The year-end close moves the profit or loss here', kind: 'account' },
  { key: 'roundingAccount', label: 'Rounding Account', help: 'Takes the rounding differences of conversions', kind: 'account' },
  { key: 'realisedFxGainAccount', label: 'Realised FX Gain Account', help: 'Gains on settled foreign-currency items', kind: 'account' },
  { key: 'realisedFxLossAccount', label: 'Realised FX Loss Account', help: 'Losses on settled foreign-currency items', kind: 'account' },
  { key: 'unrealisedFxAccount', label: 'Unrealised FX Account', help: 'Revaluation of open foreign-currency balances', kind: 'account' },
  { key: 'exchangeAccount', label: 'Exchange Account', help: 'Clears currency exchange between accounts', kind: 'account' },
  { key: 'suspenseAccount', label: 'Suspense Account', help: 'Holds amounts until their account is known', kind: 'account' },
  { key: 'journalSequence', label: 'Journal Sequence', help: 'Numbers the journals when they are posted', kind: 'sequence' },
];

/** 'intercompanyAccount' -> 'Intercompany Account'. */
function labelOfKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** The fields to show: the known ones the server answers with, in a fixed order, then any later account or sequence keys. */
export function configFields(config: CompanyConfig): ConfigField[] {
  const keys = Object.keys(config);
  const known = KNOWN_FIELDS.filter((field) => keys.includes(field.key));
  const later = keys
    .filter((key) => !KNOWN_FIELDS.some((field) => field.key === key))
    .filter((key) => /(Account|Sequence)$/.test(key) && (config[key] === null || typeof config[key] === 'string'))
    .map((key): ConfigField => ({ key, label: labelOfKey(key), kind: key.endsWith('Sequence') ? 'sequence' : 'account' }));
  return [...known, ...later];
}

/** PUT /gl/company-config: what was loaded, with the shown fields as edited (empty is null). */
export function configPayload(loaded: CompanyConfig, values: Readonly<Record<string, string | null | undefined>>): CompanyConfig {
  const edited = configFields(loaded).map((field) => [field.key, values[field.key] || null] as const);
  return { ...loaded, ...Object.fromEntries(edited) };
}

/** The config field a server message names ('The account for roundingAccount was not found'), if any. */
export function fieldOfConfigMessage(config: CompanyConfig, message: string): string | undefined {
  return configFields(config).find((field) => message.includes(field.key))?.key;
}

export const companySettingsSchema = z.object({
  baseCurrency: z.string({ error: 'Please supply base currency' }).length(3, 'Please supply base currency'),
  accountingDate: z.iso.date({ error: 'Please supply accounting date' }),
  dateFormat: z.enum(dateFormats, { error: 'Please supply date format' }),
  locale: z.string({ error: 'Please supply locale' }).min(1, 'Please supply locale').max(35),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** The form's starting values from the company; a date format the list does not know is left for the user to choose. */
export function companySettingsOf(company: Company): Partial<CompanySettings> {
  const format = dateFormats.find((candidate) => candidate === company.dateFormat);
  return { baseCurrency: company.baseCurrency, accountingDate: company.accountingDate, dateFormat: format, locale: company.locale };
}

/** POST /gl/SaveCompanies [company]: the company as it is, with the edited settings (an edit: it carries its id). */
export function companyPayload(company: Company, settings: CompanySettings): CompanyInput {
  return {
    id: company.id,
    code: company.code,
    description: company.description,
    status: company.status,
    baseCurrency: settings.baseCurrency,
    accountingDate: settings.accountingDate,
    dateFormat: settings.dateFormat,
    locale: settings.locale,
  };
}
