import { SqlEventStore } from '#libs/eventstore/src/index.js';
import { testDatabases } from '../support/database.js';
import { eventStoreContract } from './contract.js';

for (const database of testDatabases) {
  eventStoreContract(database.name, async () => {
    const db = await database.open();
    const store = await SqlEventStore.create(db.driver);
    return { store, close: db.drop };
  });
}
