import {
  AUTH_PATHS,
  type CodeDeliveryAnswer,
  type DbUser,
  type ConfirmForgotPasswordRequest,
  type ConfirmSignUpAnswer,
  type MessageAnswer,
  type RegisterAnswer,
  type RegisterRequest,
  type SignInAnswer,
  type UserAnswer,
} from '@portal/libs';
import { api, request } from './http';

export const accountApi = {
  register: (body: RegisterRequest) => api.post<RegisterAnswer>(AUTH_PATHS.register, body, { idempotent: true }),
  confirmSignUp: (username: string, password: string, code: string) =>
    api.post<ConfirmSignUpAnswer>(AUTH_PATHS.confirmSignUp, { username, password, code }),
  sendCode: (username: string) => api.post<CodeDeliveryAnswer>(AUTH_PATHS.sendConfirmationCode, { username }),
  login: (username: string, password: string) => api.post<SignInAnswer>(AUTH_PATHS.login, { username, password }),
  logout: () => api.post<MessageAnswer>(AUTH_PATHS.logout),
  forgotPassword: (username: string) => api.post<CodeDeliveryAnswer>(AUTH_PATHS.forgotPassword, { username }),
  confirmForgotPassword: (body: ConfirmForgotPasswordRequest) =>
    api.post<MessageAnswer>(AUTH_PATHS.confirmForgotPassword, body),
  /** The signed-in user, or null when there is no session (after one refresh attempt). */
  currentUser: async (): Promise<DbUser | null> => {
    try {
      return (await request<UserAnswer>('GET', AUTH_PATHS.user, undefined, true)).data;
    } catch {
      return null;
    }
  },
};
