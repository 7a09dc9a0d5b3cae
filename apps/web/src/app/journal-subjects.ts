/*
 * The documents /journal shows for tasks that link there and are not journals (shared/documents/task-subjects.ts):
 * each module's registry, composed here as the page registry composes its pages. Payments (issue 16) and the
 * fixed asset schedules (issue 18) add theirs beside payables and receivables.
 */
import type { TaskSubjects } from '../shared/documents/task-subjects';
import { apArTaskSubjects } from '../modules/ap-ar/index';

export const journalTaskSubjects: TaskSubjects = { ...apArTaskSubjects };
