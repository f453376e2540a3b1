import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddBankAccountRequest,
  ZAddWalletAddressRequest,
  ZBankAccount,
  ZBankAccountDetail,
  ZData,
  ZWalletAddress,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { addBankAccount, deleteBankAccount, getBankAccount, listBankAccounts } from './bank-accounts.ts';
import { addWalletAddress, deleteWalletAddress, listWalletAddresses } from './wallet-addresses.ts';

const tags = ['wallet'];
const params = z.object({ id: z.uuid() });

/** Saved payout destinations: bank accounts for wires and USDC addresses, each person's own. */
export function payoutDestinationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/bank-accounts',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My saved bank accounts (account numbers masked to their last four)',
          response: { 200: ZData(z.array(ZBankAccount)) },
        },
      },
      async (request) => ({ data: await listBankAccounts(ctx.db, principalOf(request).userId) }),
    );

    app.get(
      '/v1/bank-accounts/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my bank accounts with its full details (to fill in the wire form)',
          params,
          response: { 200: ZData(ZBankAccountDetail) },
        },
      },
      async (request) => ({ data: await getBankAccount(ctx.db, principalOf(request).userId, request.params.id) }),
    );

    app.post(
      '/v1/bank-accounts',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Save a bank account (the wire details, checked as a wire withdrawal checks them; at most 5)',
          body: ZAddBankAccountRequest,
          response: { 201: ZData(ZBankAccount) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await addBankAccount(ctx.db, principalOf(request).userId, request.body.wire, ctx.clock.now()),
        }),
    );

    app.delete(
      '/v1/bank-accounts/:id',
      { onRequest: ctx.guard.requireAuth, schema: { tags, summary: 'Remove a saved bank account', params } },
      async (request, reply) => {
        await deleteBankAccount(ctx.db, principalOf(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/v1/wallet-addresses',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'My saved USDC addresses', response: { 200: ZData(z.array(ZWalletAddress)) } },
      },
      async (request) => ({ data: await listWalletAddresses(ctx.db, principalOf(request).userId) }),
    );

    app.post(
      '/v1/wallet-addresses',
      {
        onRequest: ctx.guard.requireVerified,
        schema: {
          tags,
          summary: 'Save a USDC address (at most 5, each once)',
          body: ZAddWalletAddressRequest,
          response: { 201: ZData(ZWalletAddress) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await addWalletAddress(ctx.db, principalOf(request).userId, request.body.address, ctx.clock.now()),
        }),
    );

    app.delete(
      '/v1/wallet-addresses/:id',
      { onRequest: ctx.guard.requireAuth, schema: { tags, summary: 'Remove a saved USDC address', params } },
      async (request, reply) => {
        await deleteWalletAddress(ctx.db, principalOf(request).userId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
