import { UnknownEventTypeError } from './errors.js';
import type { NewEvent, RecordedEvent } from './types.js';

/** Turns the data of schema version `n` into the data of version `n + 1`. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

export interface EventTypeDefinition {
  /** The stored name: explicit, stable, never derived from a class name. */
  type: string;
  /** The current schema version; stored events of older versions are upcast on read. */
  schemaVersion: number;
  /** `upcasters[n]` upgrades version n to n + 1, for every n below `schemaVersion`. */
  upcasters?: Record<number, Upcaster>;
}

/** The names, schema versions and upcasters of every event type the product stores. */
export class EventTypeRegistry {
  private readonly types = new Map<string, EventTypeDefinition>();

  register(...definitions: EventTypeDefinition[]): this {
    for (const definition of definitions) {
      for (let v = 1; v < definition.schemaVersion; v++) {
        if (!definition.upcasters?.[v]) {
          throw new Error(`Event type ${definition.type} v${definition.schemaVersion} lacks an upcaster from v${v}`);
        }
      }
      const existing = this.types.get(definition.type);
      if (existing && existing !== definition) throw new Error(`Event type ${definition.type} registered twice`);
      this.types.set(definition.type, definition);
    }
    return this;
  }

  has(type: string): boolean {
    return this.types.has(type);
  }

  list(): EventTypeDefinition[] {
    return [...this.types.values()];
  }

  /** Stamps a new event with its type's current schema version; refuses unknown types. */
  prepare(event: NewEvent): NewEvent {
    const definition = this.types.get(event.type);
    if (!definition) throw new UnknownEventTypeError(event.type);
    return { ...event, schemaVersion: definition.schemaVersion };
  }

  /** Brings a stored event to its type's current schema version. Unknown types pass unchanged. */
  upcast<E extends RecordedEvent>(event: E): E {
    const definition = this.types.get(event.type);
    if (!definition || event.schemaVersion >= definition.schemaVersion) return event;
    let data = event.data as Record<string, unknown>;
    for (let v = event.schemaVersion; v < definition.schemaVersion; v++) {
      data = definition.upcasters![v](data);
    }
    return { ...event, data, schemaVersion: definition.schemaVersion };
  }
}
