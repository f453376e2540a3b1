import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCryptoDepositCurrencies, type TCryptoDepositCurrencies } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/deposits/crypto/currencies`: the coins the crypto checkout takes and the network warning. */
async function getCryptoCurrencies(signal?: AbortSignal): Promise<TCryptoDepositCurrencies> {
  return ZCryptoDepositCurrencies.parse(await apiRequest('GET', '/deposits/crypto/currencies', { signal }));
}

function cryptoCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.deposits.cryptoCurrencies(),
    queryFn: ({ signal }) => getCryptoCurrencies(signal),
    staleTime: 60 * 60_000,
  });
}

export function useCryptoCurrencies(isEnabled: boolean) {
  return useQuery({ ...cryptoCurrenciesQueryOptions(), enabled: isEnabled });
}
