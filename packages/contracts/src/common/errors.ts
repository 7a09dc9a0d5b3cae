import { z } from 'zod';

/** The error object of SPEC.md section 8: every failure of the API answers with it. */
export const errorObjectSchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  serverError: z.string().optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

/** Header pair of SPEC.md section 3. */
export const headerPairSchema = z.object({ key: z.string(), value: z.string() });
export type HeaderPair = z.infer<typeof headerPairSchema>;
