import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isOneOf } from '../../../db/checks.ts';
import { timestamptz } from '../../../db/columns.ts';
import { editions } from '../collection.tables.ts';

export const chainTransactionKinds = ['MINT', 'TRANSFER'] as const;
export type TChainTransactionKind = (typeof chainTransactionKinds)[number];

/** The life of one chain transaction: chain-transaction-states.ts has the moves between them. */
export const chainTransactionStatuses = ['PENDING', 'SENT', 'CONFIRMED', 'FAILED'] as const;
export type TChainTransactionStatus = (typeof chainTransactionStatuses)[number];

/**
 * One row per key that signs: the next nonce to hand out. Only the sender job's allocation touches it (one
 * conditional update per run), never a purchase, a publication or an export. Created from the node's own count the
 * first time the key is used.
 */
export const chainSigners = pgTable(
  'chain_signers',
  {
    /** Lower-case 0x address of the key (CHAIN_SIGNER_KEY). */
    address: text('address').primaryKey(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [check('chain_signers_next_nonce_check', sql`${table.nextNonce} >= 0`)],
);

/**
 * Each edition's mint and export transfer on the EVM chain, when the EVM adapter is configured (decision record 25):
 * recorded in the transaction that creates the edition or exports it (an intent: PENDING, no nonce), given a nonce
 * by the sender job in a transaction of its own, signed and stored (raw bytes and hash) before they are sent, then
 * SENT and CONFIRMED (or FAILED: mined and reverted). One mint and one transfer per edition at most (unique kind and
 * edition), and one transaction per nonce of a signer (unique signer and nonce), so a resend after a crash can only
 * send the same bytes again.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<TChainTransactionKind>().notNull(),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    /** 0 first: an export's transfer and the mint it waits for, ahead of a publication's backlog (1). */
    priority: smallint('priority').notNull(),
    status: text('status').$type<TChainTransactionStatus>().notNull().default('PENDING'),
    /** A transfer's wallet, from the export; a mint's is the signer (the custodian), set with the nonce. */
    toAddress: text('to_address'),
    /** Set with the nonce, as are the contract and the token id on it (chainTokenId, up to 2^256: numeric). */
    signerAddress: text('signer_address'),
    nonce: bigint('nonce', { mode: 'number' }),
    contractAddress: text('contract_address'),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
    /** The signed bytes, stored before the first send and re-sent unchanged: public once sent, not a secret. */
    rawTransaction: text('raw_transaction'),
    txHash: text('tx_hash'),
    /** Failed calls to the node so far; the intent stays where it was and the next run tries again. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('chain_transactions_kind_edition_key').on(table.kind, table.editionId),
    uniqueIndex('chain_transactions_signer_nonce_key').on(table.signerAddress, table.nonce),
    // The allocation's queue: intents still without a nonce, most urgent and oldest first.
    index('chain_transactions_unallocated_idx')
      .on(table.priority, table.createdAt, table.id)
      .where(sql`${table.nonce} is null and ${table.status} = 'PENDING'`),
    // What a signer has in flight (nonce given, not yet mined), in nonce order: what the sender sends and polls.
    index('chain_transactions_in_flight_idx')
      .on(table.signerAddress, table.nonce)
      .where(sql`${table.nonce} is not null and ${table.status} in ('PENDING', 'SENT')`),
    check('chain_transactions_kind_check', isOneOf(table.kind, chainTransactionKinds)),
    check('chain_transactions_status_check', isOneOf(table.status, chainTransactionStatuses)),
    check('chain_transactions_priority_check', sql`${table.priority} in (0, 1)`),
    check('chain_transactions_transfer_to_check', sql`${table.kind} = 'MINT' or ${table.toAddress} is not null`),
    check(
      'chain_transactions_allocated_check',
      sql`(${table.nonce} is null) = (${table.signerAddress} is null)
          and (${table.nonce} is null) = (${table.contractAddress} is null)
          and (${table.nonce} is null) = (${table.tokenId} is null)
          and (${table.nonce} is not null or ${table.rawTransaction} is null)`,
    ),
    check('chain_transactions_signed_check', sql`(${table.rawTransaction} is null) = (${table.txHash} is null)`),
    check(
      'chain_transactions_sent_check',
      sql`${table.status} = 'PENDING' or ${table.status} = 'FAILED' or ${table.txHash} is not null`,
    ),
  ],
);
export type TChainTransactionRow = typeof chainTransactions.$inferSelect;
