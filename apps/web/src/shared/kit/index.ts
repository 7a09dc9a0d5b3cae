/** The define-once kit's web half (DESIGN.md principle 4): generic list page, form drawer, import wizard and calls. */
export { EntityListPage } from './EntityListPage';
export { EntityFormDrawer, type EntityFormDrawerProps } from './EntityFormDrawer';
export { ImportWizard } from './ImportWizard';
export { entityKey, fetchEntityList, recordLabel, type RefLabels } from './kit-api';
export { RefSelect } from './RefSelect';
export { initialListState, listPath, type FilterValue, type ListState } from './list-query';
export { useEntityOperations, type EntityAbilities } from './useEntityOperations';
export { useDebouncedValue } from './useDebouncedValue';
export type { FormValues } from './form-values';
