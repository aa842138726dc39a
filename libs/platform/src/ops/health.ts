/**
 * What a context adds to `/api/health` (libs/platform/src/ops/ops.controller.ts): a named check
 * that answers whether the part it watches works (`ok: false` fails readiness with 503, in every
 * process, as a stopped projection does) and what operators should see of it. Contexts register
 * their checks (platform does not import them: DESIGN.md "Contexts and their directions").
 */
export interface HealthReport {
  ok: boolean;
  [detail: string]: unknown;
}

export interface HealthCheck {
  name: string;
  check(): Promise<HealthReport>;
}

export class HealthChecks {
  private readonly checks = new Map<string, HealthCheck>();

  /** Adds a check (a second one of the same name replaces the first). */
  register(check: HealthCheck): void {
    this.checks.set(check.name, check);
  }

  /** Every check's report by name; a check that throws reports `ok: false` with its error. */
  async run(): Promise<Record<string, HealthReport>> {
    const out: Record<string, HealthReport> = {};
    for (const [name, c] of this.checks) {
      try {
        out[name] = await c.check();
      } catch (error) {
        out[name] = { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }
    return out;
  }
}
