/** The verbs of the operation labels of SPEC.md section 6; a label is verb + entity, e.g. SaveAccountClass. */
export const operationVerbs = ['Save', 'Edit', 'Delete', 'Import', 'Export', 'Generate'] as const;
export type OperationVerb = (typeof operationVerbs)[number];

/** The five verbs most pages carry for their entity. */
export const crudVerbs = [
  'Save',
  'Edit',
  'Delete',
  'Import',
  'Export',
] as const satisfies readonly OperationVerb[];

/** operationLabel('Save', 'NumberSequence') -> 'SaveNumberSequence'; the entity is PascalCase without spaces. */
export function operationLabel(verb: OperationVerb, entity: string): string {
  return `${verb}${entity}`;
}

/** Save, Edit, Delete, Import and Export labels of one entity. */
export function crudOperations(entity: string): string[] {
  return crudVerbs.map((verb) => operationLabel(verb, entity));
}

/** Only some verbs, for pages that cannot offer all five (append-only or read-only records). */
export function someOperations(entity: string, verbs: readonly OperationVerb[]): string[] {
  return verbs.map((verb) => operationLabel(verb, entity));
}

/** The trial balance is generated, not saved (SPEC.md section 6). */
export const trialBalanceOperations = someOperations('TrialBalance', ['Generate', 'Import', 'Export']);
