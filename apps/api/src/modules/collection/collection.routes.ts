import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCursorPage,
  ZCursorQuery,
  ZData,
  ZFavorite,
  ZFavoriteRequest,
  ZMyCollection,
  ZMyCollectionQuery,
  ZMyFavoritesQuery,
  ZPage,
  ZPageQuery,
  ZEdition,
  ZEditionDetail,
  ZEditionHistoryEntry,
  ZExportEditionRequest,
  ZNftMetadata,
  ZNftTrait,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/public-cache.ts';
import { addFavorite } from './add-favorite.ts';
import { exportEdition } from './export-edition.ts';
import { listFavorites, listOthersFavorites } from './list-favorites.ts';
import { listMyEditions } from './list-my-editions.ts';
import { removeFavorite } from './remove-favorite.ts';
import { getEditionDetail, getEditionView } from './get-edition.ts';
import { cachedEditionFacts } from './edition-views.ts';
import { listEditionHistory } from './list-edition-history.ts';
import { setEditionLock } from './lock-edition.ts';
import { nftMetadata, nftTraits } from './nft-metadata.ts';

const tags = ['collection'];

/**
 * For a read whose signed-in answer carries the caller's own part: shared caches tell answers apart by Authorization,
 * and nobody keeps a signed-in one. A visitor's answer is left as it was.
 */
async function keepSignedInAnswersPrivate(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('vary', 'Authorization');
  if (request.principal) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  return payload;
}
const ZIdParams = z.object({ id: z.uuid() });

/**
 * Editions and NFTs (spec section 7). Public, as a chain is: anyone may look at a token, its traits and history;
 * editions still in an unopened pack are found by nobody (get-edition.ts).
 */
export function collectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The reads show products, brands, collections and owners kept up to a second (decision record 18).
  const facts = cachedEditionFacts(ctx.config.publicResponseCacheMs, () => ctx.clock.now().getTime());
  return async (app) => {
    app.get(
      '/v1/editions',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: "My Collection: my editions by brand, with filters, sort and every brand's count",
          querystring: ZMyCollectionQuery,
          response: { 200: ZData(ZMyCollection) },
        },
      },
      async (request) => ({ data: await listMyEditions(ctx.db, principalOf(request).userId, request.query, facts) }),
    );

    // Its owner's answer names the figure base the edition stands on; nobody else's does (get-edition.ts).
    app.get(
      '/v1/editions/:id',
      {
        onRequest: ctx.guard.optionalAuth,
        onSend: keepSignedInAnswersPrivate,
        schema: {
          tags,
          summary: 'An edition: its token, owner, state and product',
          params: ZIdParams,
          response: { 200: ZData(ZEditionDetail) },
        },
      },
      async (request) => ({
        data: await getEditionDetail(ctx.db, request.params.id, request.principal?.userId ?? null, facts),
      }),
    );

    app.get(
      '/v1/editions/:id/histories',
      {
        schema: {
          tags,
          summary: "An edition's history, oldest first: minted, then every activity about it, by cursor",
          params: ZIdParams,
          querystring: ZCursorQuery,
          response: { 200: ZData(ZCursorPage(ZEditionHistoryEntry)) },
        },
      },
      async (request) => ({ data: await listEditionHistory(ctx.db, request.params.id, request.query) }),
    );

    app.get(
      '/v1/nfts/:id/traits',
      {
        schema: {
          tags,
          summary: "An NFT's traits",
          params: ZIdParams,
          response: { 200: ZData(z.array(ZNftTrait)) },
        },
      },
      async (request) => ({ data: nftTraits(await getEditionView(ctx.db, request.params.id, facts)) }),
    );

    // Bare ERC-721 metadata, without the envelope: wallets and marketplaces read this shape from a token's URI.
    app.get(
      '/v1/nfts/:id/metadata.json',
      {
        schema: {
          tags,
          summary: "An NFT's ERC-721 metadata (a token URI's answer)",
          params: ZIdParams,
          response: { 200: ZNftMetadata },
        },
      },
      async (request) => nftMetadata(await getEditionView(ctx.db, request.params.id, facts), ctx.config.publicUrl),
    );

    for (const [move, isLocked] of [
      ['lock', true],
      ['unlock', false],
    ] as const) {
      app.post(
        `/v1/editions/:id/${move}`,
        {
          onRequest: ctx.guard.requireAuth,
          schema: {
            tags,
            summary: isLocked ? 'Lock my edition against fusion, export and sale' : 'Unlock my edition',
            params: ZIdParams,
            response: { 200: ZData(ZEdition) },
          },
        },
        async (request) => ({
          data: await setEditionLock(ctx, principalOf(request).userId, request.params.id, isLocked),
        }),
      );
    }

    app.post(
      '/v1/editions/:id/export',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Export my edition to my own wallet address (takes an Idempotency-Key header)',
          params: ZIdParams,
          body: ZExportEditionRequest,
          response: { 200: ZData(ZEdition) },
        },
      },
      async (request) => ({
        data: await exportEdition(
          ctx,
          principalOf(request).userId,
          request.params.id,
          request.body,
          idempotentRequestOf(request),
        ),
      }),
    );

    app.post(
      '/v1/favorites',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Favorite a product or an edition',
          body: ZFavoriteRequest,
          response: { 201: ZData(ZFavorite) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await addFavorite(ctx.db, principalOf(request).userId, request.body, ctx.clock.now()) }),
    );

    app.delete(
      '/v1/favorites/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'Take a favorite back (by the product or edition id)', params: ZIdParams },
      },
      async (request, reply) => {
        await removeFavorite(ctx.db, principalOf(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/v1/favorites/my',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My favorites, newest first (with targetId: whether that product or edition is one)',
          querystring: ZMyFavoritesQuery,
          response: { 200: ZData(ZPage(ZFavorite)) },
        },
      },
      async (request) => ({ data: await listFavorites(ctx.db, principalOf(request).userId, request.query) }),
    );

    app.get(
      '/v1/favorites/others/:id',
      {
        schema: {
          tags,
          summary: "Another collector's favorites, newest first",
          params: ZIdParams,
          querystring: ZPageQuery,
          response: { 200: ZData(ZPage(ZFavorite)) },
        },
      },
      async (request) => ({ data: await listOthersFavorites(ctx.db, request.params.id, request.query) }),
    );
  };
}
