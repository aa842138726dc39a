import type { EventTypeRegistry } from './registry.js';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './types.js';

/**
 * Wraps any adapter so that only registered event types are appended (stamped with their
 * current schema version) and every event read is upcast to its current schema version.
 */
export class RegisteredEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    readonly registry: EventTypeRegistry,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    return this.inner.append(
      streamId,
      events.map((e) => this.registry.prepare(e)),
      expected,
    );
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map((e) => this.registry.upcast(e));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((e) => this.registry.upcast(e));
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.inner.headPosition();
  }

  countAfter(position: GlobalPosition | null): Promise<number> {
    return this.inner.countAfter(position);
  }

  get announcer(): string | undefined {
    return this.inner.announcer;
  }

  onAppended(listener: () => void): () => void {
    return this.inner.onAppended?.(listener) ?? (() => undefined);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
