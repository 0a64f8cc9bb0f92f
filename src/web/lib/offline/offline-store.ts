// What a signed-in carer keeps on the phone for working offline, in IndexedDB: the last answer
// of their today-and-tomorrow view and the steps (check-in, check-out) waiting to be sent. Every
// record carries its owner's user id and is read only for that user; signing out deletes it all.

import { OFFLINE_KEPT_FLAG } from './kept';

const DB_NAME = 'carematch-offline';
const DB_VERSION = 1;
const SNAPSHOTS = 'snapshots';
const QUEUE = 'queue';
const SIGNED_IN_KEY = 'signed-in';

export interface QueuedStep {
  /** Also the step's Idempotency-Key: sent again after a dropped connection, it is one step. */
  id: string;
  userId: string;
  visitId: string;
  step: 'checkIn' | 'checkOut';
  /** When the carer made it (ISO): the time the server records. */
  at: string;
  note: string;
  ticks: string[];
  /** What the waiting list shows ("Check-out · Tue 2 Dec 09:00–11:00"). */
  label: string;
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SNAPSHOTS)) db.createObjectStore(SNAPSHOTS);
      if (!db.objectStoreNames.contains(QUEUE)) {
        db.createObjectStore(QUEUE, { keyPath: 'id' }).createIndex('userId', 'userId');
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting the database (signing out) must not wait for this connection.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

function run<T>(store: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(store, mode);
        const request = work(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      }),
  );
}

/**
 * Flags that something of a signed-in person is kept here (`keepsOfflineData`), so a visitor's
 * page need not load this module, nor open IndexedDB, only to find nothing to delete.
 */
function markKept() {
  try {
    localStorage.setItem(OFFLINE_KEPT_FLAG, '1');
  } catch {
    // Storage refused (private mode): clearing then runs for everyone, as before.
  }
}

export const offlineStore = {
  saveSnapshot: (userId: string, name: string, value: unknown) => {
    markKept();
    return run(SNAPSHOTS, 'readwrite', (store) => store.put(value, `${userId}:${name}`)).then(
      () => undefined,
    );
  },
  readSnapshot: <T>(userId: string, name: string) =>
    run<T | undefined>(
      SNAPSHOTS,
      'readonly',
      (store) => store.get(`${userId}:${name}`) as IDBRequest<T | undefined>,
    ),
  enqueue: (step: QueuedStep) => {
    markKept();
    return run(QUEUE, 'readwrite', (store) => store.put(step)).then(() => undefined);
  },
  /** The user's waiting steps, oldest first (the order they were made in). */
  queued: (userId: string) =>
    run<QueuedStep[]>(
      QUEUE,
      'readonly',
      (store) => store.index('userId').getAll(userId) as IDBRequest<QueuedStep[]>,
    ).then((steps) => steps.sort((a, b) => a.at.localeCompare(b.at))),
  remove: (id: string) => run(QUEUE, 'readwrite', (store) => store.delete(id)).then(() => undefined),
  /** The signed-in carer, so their pages open offline; forgotten when the server says signed out. */
  rememberUser: <T>(user: T) => {
    markKept();
    return run(SNAPSHOTS, 'readwrite', (store) => store.put(user, SIGNED_IN_KEY)).then(() => undefined);
  },
  rememberedUser: <T>() =>
    run<T | undefined>(
      SNAPSHOTS,
      'readonly',
      (store) => store.get(SIGNED_IN_KEY) as IDBRequest<T | undefined>,
    ),
};

/**
 * Signing out: the snapshots and the waiting steps go, and so do the service worker's caches of
 * anything but the app's own files (it keeps no API answers, but a later version might).
 */
export async function clearOfflineData(): Promise<void> {
  const db = await opening?.catch(() => undefined);
  db?.close();
  opening = undefined;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)),
    );
  }
  try {
    localStorage.removeItem(OFFLINE_KEPT_FLAG);
  } catch {
    // Nothing to forget.
  }
}

/** A failed fetch (no connection, or the network cut): not an answer from the server. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** The sign-out link: what the phone keeps for offline goes first, then the link is followed. */
export function clearOfflineDataThenFollow(event: {
  preventDefault: () => void;
  currentTarget: { href: string };
}) {
  event.preventDefault();
  const href = event.currentTarget.href;
  void clearOfflineData()
    .catch(() => undefined)
    .finally(() => window.location.assign(href));
}
