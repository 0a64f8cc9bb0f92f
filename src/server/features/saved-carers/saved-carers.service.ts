import { CARER_MESSAGES } from '@contracts/carers';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { CarersService } from '../carers';
import type { createSavedCarersRepository } from './saved-carers.repository';

type SavedCarersRepository = ReturnType<typeof createSavedCarersRepository>;

function requireCustomer(user: UserRow) {
  if (user.role !== 'customer') throw AppError.forbidden(CARER_MESSAGES.onlyCustomersSave);
}

export function createSavedCarersService(saved: SavedCarersRepository, carers: CarersService) {
  return {
    async list(user: UserRow) {
      requireCustomer(user);
      return saved.listListed(user.id);
    },

    /** Saving is idempotent; only a listed carer can be saved. */
    async save(user: UserRow, carerId: string) {
      requireCustomer(user);
      const carer = await carers.get(carerId, null);
      await saved.save(user.id, carer.id);
    },

    async remove(user: UserRow, carerId: string) {
      requireCustomer(user);
      if (isUuid(carerId)) await saved.remove(user.id, carerId);
    },
  };
}
export type SavedCarersService = ReturnType<typeof createSavedCarersService>;
