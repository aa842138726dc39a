import { liveEndRuleExperiments } from '#libs/cro/src/projections/queries.js';
import type { ActionOf } from '#libs/platform/src/aggregate.js';
import { EXPERIMENT } from '#libs/cro/src/domain/deciders.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SqlDriver } from '#libs/eventstore/src/index.js';
import { websiteTimeZone } from '#libs/cro/src/projections/tracking.js';
import { DecideCommand } from '#libs/platform/src/commands/decide.command.js';
import { AppError } from '#libs/platform/src/errors.js';
import type { Logger } from '#libs/platform/src/logging.js';
import { LOGGER, SQL } from '#libs/platform/src/tokens.js';
import { endRuleOutcome, trafficProblems, type EndRule } from '../domain/end-rules.js';
import { exposureTraffic } from '../read/exposure-networks.js';
import { experimentReport, todayIn } from '../read/report-service.js';

/** How often live experiments are checked without new traffic (a date rule). */
export const END_RULE_SWEEP_MS = 60_000;

interface LiveExperiment {
  id: string;
  organisation_id: string;
  website_id: string;
  version: number;
  /** The end rule held for a person's confirmation (`HoldEndRule`), or null. */
  held: unknown;
  fields: {
    variants?: { key: string; weight: number }[];
    endRule?: EndRule | null;
    significanceThreshold?: number;
    pageUrl?: string;
  };
}

/**
 * End rules (DESIGN.md "Experiment": "End rules ... complete a live experiment automatically"):
 * a process manager that watches the experiment results read model. When a live experiment's
 * rule is met (`endRuleOutcome`, libs/analytics/src/domain/end-rules.ts: manual never; any or all
 * of visitors, conversions per variant, date, significance behind the minimum sample), it sends
 * `CompleteByEndRule` with the rule, the winner and the figures that met it, recorded in the
 * `ExperimentCompleted` event. The command's id is derived from the experiment, so a retry
 * (another process, a crash before the answer) appends nothing twice; an experiment that is no
 * longer live answers 422, which ends the attempt.
 *
 * It runs after each batch of the analytics projector for the experiments whose visitors changed,
 * and every minute for every live experiment with a rule (a date passes without traffic).
 *
 * Only traffic that looks real completes a test (issue 25: experiment ids are public, so anybody can
 * send exposures): once the rule is met, the test's exposed visitors are checked (`exposureTraffic`,
 * ../read/exposure-networks.ts, and `trafficProblems`, ../domain/end-rules.ts: page views of the
 * test's page around the exposures, visitors spread over networks). When they fail, the process
 * sends `HoldEndRule` instead (the test stays live, `endRuleHeld` says what was met and why it was
 * held; a person confirms with `ConfirmCompletion`), once: a held test is not held again. It is
 * checked again at most once a minute (`END_RULE_SWEEP_MS`) and still completes by itself when its
 * traffic later passes.
 */
@Injectable()
export class EndRulesProcess {
  private lastSweep = 0;
  /** When each held experiment was last checked (held ones are checked again at most once a minute). */
  private readonly heldChecked = new Map<string, number>();

  constructor(
    @Inject(SQL) private readonly db: SqlDriver,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly commands: CommandBus,
  ) {}

  async check(experimentIds: readonly string[]): Promise<void> {
    if (experimentIds.length === 0) return;
    const found = await liveEndRuleExperiments(this.db, experimentIds);
    for (const experiment of found) await this.evaluate(experiment as LiveExperiment);
  }

  async sweepIfDue(): Promise<void> {
    if (Date.now() - this.lastSweep < END_RULE_SWEEP_MS) return;
    await this.sweep();
  }

  /** Checks every live experiment with an end rule. */
  async sweep(): Promise<void> {
    this.lastSweep = Date.now();
    const found = await liveEndRuleExperiments(this.db, null);
    for (const experiment of found) await this.evaluate(experiment as LiveExperiment);
  }

  private async evaluate(experiment: LiveExperiment): Promise<void> {
    const variants = experiment.fields.variants ?? [];
    if (variants.length < 2) return;
    const results = await experimentReport(this.db, {
      id: experiment.id,
      websiteId: experiment.website_id,
      variants,
      significanceThreshold: experiment.fields.significanceThreshold ?? 0.95,
    });
    const today = todayIn(await websiteTimeZone(this.db, experiment.website_id));
    const outcome = endRuleOutcome(experiment.fields.endRule, results, today);
    if (!outcome) return;
    const held = experiment.held !== null && experiment.held !== undefined;
    if (held) {
      const last = this.heldChecked.get(experiment.id) ?? 0;
      if (Date.now() - last < END_RULE_SWEEP_MS) return;
    }
    const traffic = await exposureTraffic(this.db, experiment.website_id, experiment.id, experiment.fields.pageUrl);
    const reasons = trafficProblems(traffic);
    if (reasons.length > 0) {
      this.heldChecked.set(experiment.id, Date.now());
      if (held) return;
      await this.send(
        experiment,
        {
          type: 'HoldEndRule',
          actor: END_RULES,
          data: {
            rule: outcome.rule,
            ...(outcome.winner ? { winner: outcome.winner } : {}),
            figures: { met: outcome.met, ...outcome.figures },
            reasons,
            traffic,
          },
        },
        `end-rule-held:${experiment.id}:${experiment.version}`,
      );
      this.log.warn(
        { experimentId: experiment.id, rule: outcome.rule, reasons, traffic },
        'end rule met by traffic that does not look real: held for confirmation',
      );
      return;
    }
    this.heldChecked.delete(experiment.id);
    const command = new DecideCommand(
      EXPERIMENT,
      experiment.id,
      {
        type: 'CompleteByEndRule',
        actor: END_RULES,
        data: {
          rule: outcome.rule,
          ...(outcome.winner ? { winner: outcome.winner } : {}),
          figures: { met: outcome.met, ...outcome.figures },
        },
      },
      { organisationId: experiment.organisation_id, commandId: `end-rule:${experiment.id}` },
    );
    try {
      await this.commands.execute(command);
      this.log.info(
        { experimentId: experiment.id, rule: outcome.rule, winner: outcome.winner },
        'end rule completed an experiment',
      );
    } catch (error) {
      // No longer live (paused, completed by someone meanwhile): nothing to do.
      if (!(error instanceof AppError)) throw error;
    }
  }

  private async send(
    experiment: LiveExperiment,
    command: { type: ActionOf<typeof EXPERIMENT.decider>; actor: typeof END_RULES; data: unknown },
    commandId: string,
  ): Promise<void> {
    try {
      await this.commands.execute(
        new DecideCommand(EXPERIMENT, experiment.id, command, {
          organisationId: experiment.organisation_id,
          commandId,
        }),
      );
    } catch (error) {
      // No longer live, or held meanwhile by another process: nothing to do.
      if (!(error instanceof AppError)) throw error;
    }
  }
}

const END_RULES = { userId: 'system', name: 'End rules', roles: ['system'] };
