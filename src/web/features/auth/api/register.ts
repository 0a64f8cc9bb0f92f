import { useMutation } from '@web/lib/mutation';
import type { RegisterInput, RegistrationAccepted } from '@contracts/auth';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';

export async function register(input: RegisterInput): Promise<RegistrationAccepted> {
  return api(endpoints.auth.postRegister, { body: input });
}

/**
 * Creates the account (decision 0019): nobody is signed in; the emailed link confirms the address and
 * signs in. The server answers the same whether or not the address already had an account.
 */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
