// Reading what a real broker holds, for the Kafka contract tests (kafka-relay, tracking): every
// message below the end offsets taken beforehand, by a consumer group of its own.
import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';

export interface ReadMessage {
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  timestamp: string;
  headers: Record<string, string>;
  value: unknown;
}

/** Where to stop: a partition of a topic and its end offset (the offset after its last message). */
export interface PartitionEnd {
  topic: string;
  partition: number;
  end: number;
}

/** The end offset of every partition of `topics`, now. */
export async function endOffsets(kafka: Kafka, topics: string[]): Promise<PartitionEnd[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends: PartitionEnd[] = [];
    for (const topic of topics) {
      for (const { partition, high } of await admin.fetchTopicOffsets(topic))
        ends.push({ topic, partition, end: Number(high) });
    }
    return ends;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Every message below `ends`, from each partition's first offset, sorted by topic, partition and
 * offset. Fails after `timeoutMs` naming the partitions not read to their end.
 */
export async function readUpTo(kafka: Kafka, ends: PartitionEnd[], timeoutMs = 60_000): Promise<ReadMessage[]> {
  const endOf = new Map(ends.map(({ topic, partition, end }) => [`${topic}/${partition}`, end]));
  const unread = new Set([...endOf].filter(([, end]) => end > 0).map(([at]) => at));
  const received: ReadMessage[] = [];
  if (unread.size === 0) return received;
  const consumer = kafka.consumer({ groupId: `contract-reader-${randomUUID()}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [...new Set(ends.map((e) => e.topic))], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${received.length} messages read; not read to their end: ${[...unread].join(', ')}`)),
        timeoutMs,
      );
      consumer
        .run({
          eachMessage: async ({ topic, partition, message }) => {
            const at = `${topic}/${partition}`;
            const offset = Number(message.offset);
            const end = endOf.get(at) ?? 0;
            if (offset < end) {
              const headers: Record<string, string> = {};
              for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
              received.push({
                topic,
                partition,
                offset,
                key: message.key?.toString() ?? null,
                timestamp: message.timestamp,
                headers,
                value: JSON.parse(message.value!.toString()) as unknown,
              });
            }
            if (offset + 1 >= end) unread.delete(at);
            if (unread.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return received.sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition || a.offset - b.offset);
}
