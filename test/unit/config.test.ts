import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '#libs/platform/src/config.js';

describe('configuration from the environment', () => {
  it('defaults to the embedded store on port 3000 with projections in process', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      runProjections: true,
      kafkaTopicPrefix: 'platform',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads PostgreSQL, KurrentDB and Kafka settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      EVENTSTORE_URL: 'kurrentdb://kdb:2113?tls=false',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      RUN_PROJECTIONS: 'false',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@db:5432/app',
      eventStoreUrl: 'kurrentdb://kdb:2113?tls=false',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      runProjections: false,
    });
  });

  it('refuses bad values naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RUN_PROJECTIONS: 'maybe', ADMIN_EMAIL: 'nobody' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'RUN_PROJECTIONS', 'ADMIN_EMAIL'])
        expect(message).toContain(`  ${name}:`);
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });
});
