import { describe, it } from '@jest/globals';

const onCi = process.env.CI === 'true';

/**
 * `describe` when what the suite needs is there. When it is missing the suite is skipped and says
 * so on the console, except under `CI=true`, where a missing Chromium, PostgreSQL or Kafka fails the
 * run with `reason` (DESIGN.md "Tests": nothing is skipped silently).
 *
 * `requires({ chromium: hasChromium }, 'Chromium (apt-get install -y chromium)')('suite', () => ...)`
 * `optional` suites (KurrentDB: no server can run on our machines) are skipped under CI too.
 */
export function requires(
  available: boolean,
  reason: string,
  options: { optional?: boolean } = {},
): (name: string, body: () => void) => void {
  if (available) return (name, body) => describe(name, body);
  if (onCi && !options.optional) {
    return (name) =>
      describe(name, () => {
        it(`needs ${reason}`, () => {
          throw new Error(`CI=true and this suite cannot run: ${reason} is missing`);
        });
      });
  }
  return (name, body) => {
    // The one allowed skip: what the suite needs is absent, and this line says so.
    console.info(`SKIPPED (${reason} is missing): ${name}`);
    describe.skip(name, body);
  };
}
