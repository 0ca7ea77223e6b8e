import type { CurrentUser, UpdateAccountInput } from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import { userLoaded } from '../../shared/lib/session';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<CurrentUser, UpdateAccountInput>({
      query: (body) => ({ url: '/users', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    }),
    changePassword: build.mutation<{ message: string }, { password: string; source: 'user' | 'performer'; currentPassword?: string }>({
      query: (body) => ({ url: '/auth/users/me/password', method: 'PUT', body }),
    }),
  }),
});

export const { useUpdateAccountMutation, useChangePasswordMutation } = accountApi;
