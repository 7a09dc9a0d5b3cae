import { z } from 'zod';
import { idParamSchema } from '../common/routes';
import type { Face } from './faces';

/**
 * The printable PDF of an invoice or credit note (issue 15, "Lists, reports and files"): one
 * layout for both faces, what a customer could receive. The route's path and parameters.
 */
export const invoicePdfPath = (face: Face, credit: boolean): `/${string}` => `/${face.service}/${face.partyWord}-${credit ? 'credit-notes' : 'invoices'}/:id/pdf`;

export const invoicePdfParamsSchema = idParamSchema;
export type InvoicePdfParams = z.infer<typeof invoicePdfParamsSchema>;

/** `?download=true` sends the file as an attachment; by default it opens inline (a browser's viewer prints it). */
export const invoicePdfQuerySchema = z.object({ download: z.enum(['true', 'false']).optional() });
export type InvoicePdfQuery = z.infer<typeof invoicePdfQuerySchema>;
