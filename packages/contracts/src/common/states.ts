import { z } from 'zod';

/** Record change state of SPEC.md section 4; the mass setter defaults to Unchanged. */
export const recordStates = ['New', 'Changed', 'Unchanged', 'Deleted'] as const;
export const recordStateSchema = z.enum(recordStates);
export type RecordState = z.infer<typeof recordStateSchema>;

/** User status of SPEC.md section 4 (default Active). */
export const userStatuses = ['Active', 'Disabled', 'Deleted'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const activeFlags = ['Active', 'Inactive'] as const;
export const activeFlagSchema = z.enum(activeFlags);
export type ActiveFlag = z.infer<typeof activeFlagSchema>;
