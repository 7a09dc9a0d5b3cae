import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LIST_SIZE, type ChangePassword, type MessageResult, type User, type UserList, type UserView } from '@erp/contracts';
import { callApi } from './api-client';
import { usersListPath, type UsersFilter } from './users-query';
import type { PreparedUserSave } from './user-save';

export const usersKey = ['admin', 'users'] as const;

export function useUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: [...usersKey, filter],
    queryFn: ({ signal }) => callApi<UserList>('GET', usersListPath(filter), undefined, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every user of a filter, page by page at the largest page size: what the CSV export writes. */
export async function fetchAllUsers(filter: UsersFilter): Promise<UserView[]> {
  const users: UserView[] = [];
  for (let page = 1; ; page += 1) {
    const list = await callApi<UserList>('GET', usersListPath({ ...filter, page, pageSize: MAX_LIST_SIZE }));
    users.push(...list.items);
    if (list.items.length < MAX_LIST_SIZE || users.length >= list.total) return users;
  }
}

/** Create (POST /auth/user/create/{password}) or edit (POST /auth/user/edit), as prepared. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PreparedUserSave) => callApi<UserView>('POST', save.path, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** POST /auth/user/edit for a status change or the profile screen's own details. */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: User) => callApi<UserView>('POST', '/auth/user/edit', user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** The body carries transformed passwords only (see password-change.ts). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) =>
      callApi<MessageResult>('POST', '/auth/user/changepassword', body),
  });
}
