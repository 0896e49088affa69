/**
 * Waits for a change another process makes to arrive (pub/sub through Redis comes a moment
 * later): checks every 40 ms, for up to 2 s, then fails.
 */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error('the change did not arrive');
}
