/**
 * Runs `work` while a task re-queues itself with `setImmediate`, and answers how many times that
 * task ran: the turns the event loop got while `work` held it (on the embedded store a query does
 * not turn the loop, so only the work's own pauses count).
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let on = true;
  const ping = () => {
    if (!on) return;
    turns++;
    setImmediate(ping);
  };
  setImmediate(ping);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    on = false;
  }
}
