import { z } from 'zod';
import { ZBrandSummary, ZProductListQuery } from './catalog.ts';
import { ZEmail } from './auth.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';

/**
 * The operator console. The spec shows only collectors; the people who run the marketplace are operators:
 * an `admin` may do everything, a `brand_manager` only what belongs to the brands assigned to them.
 */
export const operatorRoles = ['admin', 'brand_manager'] as const;
export const ZOperatorRole = z.enum(operatorRoles);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;

/** GET /v1/console/me: what the console shell needs to decide which sections to show. */
export const ZConsoleMe = z.object({
  userId: ZUuid,
  email: z.string(),
  nickname: z.string().nullable(),
  roles: z.array(ZOperatorRole),
  isAdmin: z.boolean(),
  /** Brands this operator manages; an admin manages every brand and gets an empty list here. */
  brands: z.array(ZBrandSummary),
});
export type TConsoleMe = z.infer<typeof ZConsoleMe>;

/**
 * The operator who made or gave something, shown beside it in the console. Their address is for admins only (null
 * for a brand's manager, who reads the nickname): an operator's sign-in address is no business of another brand's
 * people, and a list of them is what a phishing mail needs.
 */
export const ZConsoleOperatorRef = z.object({
  id: ZUuid,
  email: z.string().nullable(),
  nickname: z.string().nullable(),
});
export type TConsoleOperatorRef = z.infer<typeof ZConsoleOperatorRef>;

export const ZOperatorGrant = z.object({
  id: ZUuid,
  user: z.object({ id: ZUuid, email: z.string(), nickname: z.string().nullable() }),
  role: ZOperatorRole,
  brand: ZBrandSummary.nullable(),
  createdAt: z.string(),
});
export type TOperatorGrant = z.infer<typeof ZOperatorGrant>;

export const operatorMessages = {
  brandRequired: 'A brand manager needs a brand.',
  brandNotAllowed: 'An admin manages every brand; leave the brand empty.',
} as const;

export const ZGrantOperatorRoleRequest = z
  .strictObject({ email: ZEmail, role: ZOperatorRole, brandId: ZUuid.nullable().default(null) })
  .superRefine((value, context) => {
    if (value.role === 'brand_manager' && !value.brandId) {
      context.addIssue({ code: 'custom', path: ['brandId'], message: operatorMessages.brandRequired });
    }
    if (value.role === 'admin' && value.brandId) {
      context.addIssue({ code: 'custom', path: ['brandId'], message: operatorMessages.brandNotAllowed });
    }
  });
export type TGrantOperatorRoleRequest = z.infer<typeof ZGrantOperatorRoleRequest>;

/** What the audit log names: every kind of thing the console changes. */
export const auditEntityTypes = [
  'brand',
  'license',
  'collection',
  'product',
  'category',
  'tag',
  'banner',
  'media',
  'operator_grant',
  'withdrawal',
  'drop',
  'figure_base',
  'pass',
  'ticket_kind',
  'raffle_round',
  'fusion',
  'edition_pool',
  'attendance_calendar',
  'redeem_batch',
  'airdrop',
  'payment_event',
] as const;
export const ZAuditEntityType = z.enum(auditEntityTypes);
export type TAuditEntityType = z.infer<typeof ZAuditEntityType>;

export const auditActions = [
  'create',
  'update',
  'publish',
  'unpublish',
  'upload',
  'grant',
  'revoke',
  'review',
  'approve',
  'reject',
  'mark_paid',
  'mark_failed',
  'delete',
  'export',
  'resolve',
  /** A fusion closed before its end (its end moved to now). */
  'close',
] as const;
export const ZAuditAction = z.enum(auditActions);
export type TAuditAction = z.infer<typeof ZAuditAction>;

/** One change: who (null when made from the command line), what, when, and the entity before and after. */
export const ZAuditEntry = z.object({
  id: ZUuid,
  actor: z.object({ id: ZUuid, email: z.string(), nickname: z.string().nullable() }).nullable(),
  action: ZAuditAction,
  entityType: ZAuditEntityType,
  entityId: z.string(),
  /**
   * What the entry was about, by name, where its own record names nothing (a ticket grant, a batch's export, a raffle:
   * "Neon Genesis · Round 2"); null where before or after carry its name, or it is gone.
   */
  entityName: z.string().nullable(),
  /**
   * What the entity belongs to, where it has no console page of its own and is set on its owner's: a raffle round's
   * drop. Null otherwise.
   */
  entityParentId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogQuery = ZPageQuery.extend({
  entityType: ZAuditEntityType.optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  actorUserId: ZUuid.optional(),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/** Console lists show drafts too, and can be narrowed to one status. */
export const ZConsoleStatusFilter = z.object({ status: z.enum(['DRAFT', 'PUBLISHED']).optional() });

/** At most this many products asked for by id at once: a drop holds at most 100. */
const MAX_PRODUCT_IDS = 100;

/**
 * `GET /v1/console/products`: the products list's filters, a status, and `ids=a,b,c` for the products a form names
 * (a drop's contents), whichever page of the list they are on.
 */
export const ZConsoleProductListQuery = ZProductListQuery.extend({
  ...ZConsoleStatusFilter.shape,
  ids: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(ZUuid).max(MAX_PRODUCT_IDS))
    .optional(),
});
export type TConsoleProductListQuery = z.infer<typeof ZConsoleProductListQuery>;

/** POST /v1/console/media answers where the stored image lives and what it turned out to be. */
export const ZUploadedImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  /** A smaller copy for lists and cards, when the kind of image asks for one. */
  thumbnailUrl: z.string().nullable(),
});
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

/** POST /v1/console/media/animations answers where the stored video lives and what it is. */
export const ZUploadedAnimation = z.object({
  url: z.string(),
  contentType: z.enum(['video/mp4', 'video/webm']),
  bytes: z.number().int(),
});
export type TUploadedAnimation = z.infer<typeof ZUploadedAnimation>;
