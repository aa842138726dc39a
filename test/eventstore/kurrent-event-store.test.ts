import { describe, it } from 'vitest';
import { KurrentEventStore } from '#libs/eventstore/src/index.js';
import { eventStoreContract } from './contract.js';

/**
 * The shared contract against a real KurrentDB, e.g.
 * `EVENTSTORE_URL='kurrentdb://localhost:2113?tls=false' npx vitest run test/eventstore/kurrent-event-store.test.ts`.
 * The server's log is shared and never emptied: the contract uses fresh stream ids and only
 * asserts on its own events, so reruns against the same server are fine.
 */
const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('kurrentdb', async () => {
    const store = new KurrentEventStore(url);
    return { store, close: () => store.close() };
  });
} else {
  console.info('EVENTSTORE_URL is not set: KurrentDB contract tests skipped');
  describe.skipIf(true)('event store contract: kurrentdb (EVENTSTORE_URL is not set)', () => {
    it('runs the event store contract against the KurrentDB at EVENTSTORE_URL', () => {});
  });
}
