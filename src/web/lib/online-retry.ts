/**
 * Work to do when the connection returns (the offline queue). The browser
 * says "online" as soon as an interface is up, which may be before the server can be reached (a
 * phone joining a network, a captive portal): an attempt that finds no connection is tried again
 * after these pauses, rather than at the next periodic run.
 */
export const ONLINE_RETRY_MS = [1_000, 3_000, 6_000] as const;

/**
 * Runs `attempt` now and again after each pause while it reports that the server could not be
 * reached (it resolves false); a rejected attempt counts as unreached.
 */
export async function retryAfterOnline(
  attempt: () => Promise<boolean>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  for (const pause of [0, ...ONLINE_RETRY_MS]) {
    if (pause) await wait(pause);
    if (await attempt().catch(() => false)) return;
  }
}
