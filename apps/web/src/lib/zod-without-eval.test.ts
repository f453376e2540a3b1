import { describe, expect, it } from 'vitest';
import { forbidZodEval } from './zod-without-eval.ts';

describe('forbidZodEval', () => {
  it('reaches the settings zod reads, so no schema probes for eval', async () => {
    forbidZodEval();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
