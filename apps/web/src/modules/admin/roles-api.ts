import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleInput, RoleList, SavePermissions } from '@erp/contracts';
import { callApi } from './api-client';

export const rolesKey = ['admin', 'roles'] as const;
const roleKey = (id: string) => ['admin', 'role', id] as const;

/** The server refuses to change this built-in role's permissions: it always holds every one. */
export const ADMINISTRATOR_ROLE = 'Administrator';

export function isAdministratorRole(role: Pick<Role, 'name' | 'isSystem'>): boolean {
  return role.isSystem && role.name === ADMINISTRATOR_ROLE;
}

export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: async ({ signal }) =>
      (await callApi<RoleList>('GET', '/auth/role/getroles', undefined, signal)).items,
  });
}

export function useRole(id: string | undefined) {
  return useQuery({
    queryKey: roleKey(id ?? ''),
    queryFn: ({ signal }) =>
      callApi<Role>('GET', `/auth/role/get/${encodeURIComponent(id ?? '')}`, undefined, signal),
    enabled: id !== undefined,
  });
}

/** POST /auth/role: one role, created without an id and renamed with one. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RoleInput) => callApi<Role>('POST', '/auth/role', role),
    onSuccess: async (saved) => {
      queryClient.setQueryData(roleKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: rolesKey });
      // A renamed role shows under its new name in the users list too.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}

/** POST /auth/permission: every permission of one role in one call; they replace the old ones. */
export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePermissions) =>
      callApi<Role>('POST', '/auth/permission', input),
    onSuccess: (saved) => queryClient.setQueryData(roleKey(saved.id), saved),
  });
}
