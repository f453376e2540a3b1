import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { startSession } from '../../../lib/session.ts';
import { apiFailure, stubApi } from '../../../test/fake-api.ts';
import { useChangePlacement } from './equip-edition.ts';

const productId = '0190a0b0-0000-7000-8000-00000000f001';

describe('useChangePlacement', () => {
  // Review: the NFT page's collection activity stayed as it was after the edition went on a figure base.
  it('has the product activity read again once an edition is placed or taken off', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi(() => apiFailure(409, 'EDITION_NOT_AVAILABLE'));
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.products.activities(productId), { pages: [], pageParams: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useChangePlacement(), { wrapper });
    // Refused or not, whether the move happened is the API's to say: the activity is read again either way.
    await result.current
      .mutateAsync({
        move: 'unequip',
        figureBaseId: '0190a0b0-0000-7000-8000-00000000fb01',
        editionId: '0190a0b0-0000-7000-8000-00000000e001',
      })
      .catch(() => undefined);
    expect(queryClient.getQueryState(queryKeys.products.activities(productId))?.isInvalidated).toBe(true);
  });
});
