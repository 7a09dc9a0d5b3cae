/*
 * The documents /journal shows for tasks that link there and are not journals (shared/documents/task-subjects.ts):
 * each module's registry, composed here as the page registry composes its pages: payables and receivables
 * (credit notes, payments and their reversals, payment runs' reversals, recurring payments), fixed assets (the
 * depreciation run) and cash management (the fund transfer).
 */
import type { TaskSubjects } from '../shared/documents/task-subjects';
import { apArTaskSubjects } from '../modules/ap-ar/index';
import { fixedAssetTaskSubjects } from '../modules/fixed-assets/index';
import { cashManagementTaskSubjects } from '../modules/cash-management/index';

export const journalTaskSubjects: TaskSubjects = { ...apArTaskSubjects, ...fixedAssetTaskSubjects, ...cashManagementTaskSubjects };
