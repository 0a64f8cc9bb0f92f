import { appPlugin } from '../../platform/app-plugin';
import { registerChangeListener } from '../../platform/durable-listen';
import {
  createNotifiedCaches,
  registerNotifiedCaches,
  type NotifiedCaches,
} from '../../platform/notified-caches';
import { createCarerCards, type CarerCards } from './carer-cards';
import { createCarerSearchIndex } from './carer-search-index';
import { createCarerSearchIndexRepository } from './carer-search-index.repository';
import { CARER_CHANGE_CHANNEL } from './carers.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Carer profiles (with their checks) kept in memory, dropped on every carer change notice. */
    carerCaches: NotifiedCaches;
    /** Search cards, each made once per profile version (carer-cards.ts). */
    carerCards: CarerCards;
  }
}

/**
 * What each instance keeps of the carers in memory, trusted only while it hears the carers'
 * change notices: the caches (`app.carerCaches`, also used by feature verification, whose
 * approvals change a profile), the search index (`app.carerSearchIndex`, decision 0025) and the
 * search cards (`app.carerCards`), made ahead after each full read of the index.
 */
export const carerCachesPlugin = appPlugin('features/carer-caches', [], async (app, { config, database }) => {
  const carerCaches = createNotifiedCaches({ channel: CARER_CHANGE_CHANNEL, ttlMs: config.carerCacheMs });
  // The search answers are emptied by the same notices, so either cache needs them: a carer
  // changed elsewhere (checks lapsed, suspended) leaves every kept answer at once.
  if (config.carerCacheMs > 0 || config.searchCacheMs > 0) {
    registerNotifiedCaches(app, database, carerCaches, 'carer cache');
  }
  app.decorate('carerCaches', carerCaches);
  const carerCards = createCarerCards();
  app.decorate('carerCards', carerCards);
  app.addHook('onClose', async () => carerCards.stop());
  const searchIndex = config.searchIndex
    ? createCarerSearchIndex({
        repository: createCarerSearchIndexRepository(database.db),
        onError: (error) => app.log.error({ err: error }, 'search index: cannot read the carers'),
        onRead: (rows) => carerCards.warm(rows),
      })
    : undefined;
  app.decorate('carerSearchIndex', searchIndex ?? null);
  if (searchIndex) {
    registerChangeListener(app, database, {
      channel: CARER_CHANGE_CHANNEL,
      name: 'search index',
      onPayload: (payload) => searchIndex.changed(payload),
      resume: () => searchIndex.resume(),
      suspend: () => searchIndex.suspend(),
    });
  }
});
