import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { startSession } from '../../../lib/session.ts';
import { apiFailure, stubApi } from '../../../test/fake-api.ts';
import { useFuse } from './fuse.ts';

const productId = '0190a0b0-0000-7000-8000-00000000f001';

describe('useFuse', () => {
  // Review: the NFT page's collection activity did not show the burn, nor the result's page its fusing.
  it('has every product activity on screen read again after a fusion, whatever its answer', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi(() => apiFailure(503, 'SERVICE_UNAVAILABLE'));
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.products.activities(productId), { pages: [], pageParams: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useFuse('0190a0b0-0000-7000-8000-0000000f0501'), { wrapper });
    await result.current
      .mutateAsync({
        body: {
          slots: [
            { slotId: '0190a0b0-0000-7000-8000-0000000f0511', editionIds: ['0190a0b0-0000-7000-8000-00000000e001'] },
          ],
        },
        idempotencyKey: '0190a0b0-0000-7000-8000-0000000f0599',
      })
      .catch(() => undefined);
    expect(queryClient.getQueryState(queryKeys.products.activities(productId))?.isInvalidated).toBe(true);
  });
});
