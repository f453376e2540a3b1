import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';

afterEach(() => onlineManager.setOnline(true));

describe('the query client', () => {
  it('sends an action asked for while offline at once, so it fails then instead of being sent on reconnect', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn<() => Promise<never>>().mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: send });

    const outcome = mutation.execute(undefined).catch((error: unknown) => error);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(await outcome).toBeInstanceOf(TypeError);
    expect(mutation.state).toMatchObject({ status: 'error', isPaused: false });

    // Back online, nothing held is sent again.
    onlineManager.setOnline(true);
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
