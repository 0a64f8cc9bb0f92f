import { appPlugin } from '../../platform/app-plugin';
import { createSavedCarersRepository } from './saved-carers.repository';
import { registerSavedCarersRoutes } from './saved-carers.routes';
import { createSavedCarersService } from './saved-carers.service';

/** A customer's saved carers, shown as feature carers shows them. */
export const savedCarersPlugin = appPlugin(
  'features/saved-carers',
  ['features/carers'],
  async (app, { database: { db } }) => {
    registerSavedCarersRoutes(app, createSavedCarersService(createSavedCarersRepository(db), app.carers));
  },
);
