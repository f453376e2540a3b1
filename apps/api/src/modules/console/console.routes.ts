import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAuditEntry,
  ZAuditLogQuery,
  ZConsoleMe,
  ZData,
  ZPage,
  ZUploadedAnimation,
  ZUploadedImage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { adminOnly, operatorOf } from '../../http/operator-guard.ts';
import { readFileUpload } from '../../http/uploads/read-file-upload.ts';
import { consoleBannersRoutes } from '../catalog/console/banners/console-banners.routes.ts';
import { consoleBrandsRoutes } from '../catalog/console/brands/console-brands.routes.ts';
import { consoleCollectionsRoutes } from '../catalog/console/collections/console-collections.routes.ts';
import { consoleLicensesRoutes } from '../catalog/console/licenses/console-licenses.routes.ts';
import { consoleProductsRoutes } from '../catalog/console/products/console-products.routes.ts';
import { consoleTaxonomyRoutes } from '../catalog/console/taxonomy/console-taxonomy.routes.ts';
import { consoleFigureBasesRoutes } from '../collection/figure-bases/console-figure-bases.routes.ts';
import { consolePassesRoutes } from '../passes/console-passes.routes.ts';
import { consoleFusionsRoutes } from '../fusions/fusions.routes.ts';
import { consoleDropsRoutes } from '../drops/console-drops.routes.ts';
import { consoleWaitingRoomRoutes } from '../drops/waiting-room/console-waiting-room.routes.ts';
import { imageKinds } from '../media/image-kinds.ts';
import { consoleTicketKindsRoutes } from '../tickets/console-ticket-kinds.routes.ts';
import { consoleRafflesRoutes } from '../raffles/console-raffles.routes.ts';
import { consoleAirdropsRoutes } from '../airdrops/airdrops.routes.ts';
import { consoleAttendanceRoutes } from '../attendance/attendance.routes.ts';
import { consoleEditionPoolsRoutes } from '../grants/grants.routes.ts';
import { consoleRedeemRoutes } from '../redeem/redeem.routes.ts';
import { consoleLedgerRoutes } from '../wallet/console-ledger.routes.ts';
import { consolePaymentReviewsRoutes } from '../wallet/payment-reviews/console-payment-reviews.routes.ts';
import { consoleWithdrawalsRoutes } from '../wallet/withdrawals/console-withdrawals.routes.ts';
import { listAuditLog } from './audit/list-audit-log.ts';
import { uploadConsoleAnimation, uploadConsoleImage } from './media/upload-console-image.ts';
import { ANIMATION_MAX_BYTES } from '../media/store-animation.ts';
import { consoleOperatorsRoutes } from './operators/console-operators.routes.ts';
import { getConsoleMe } from './operators/get-console-me.ts';
import { registerStoredMediaCheck } from './media/stored-media-check.ts';

const tags = ['console'];
const security = [{ bearer: [] }];

/**
 * /v1/console: every route behind `requireOperator` (401 for visitors, 403 for collectors), set once here so no
 * route can forget it, and run on request arrival so a stranger's body is never parsed or validated. Brand checks
 * happen in the services, against the brand each entry belongs to. The catalogue's, the withdrawals' and the
 * ledger's console routes live with the tables they read and change (modules/catalog/console, modules/wallet) and
 * are registered here.
 */
export function consoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', ctx.guard.requireOperator);
    registerStoredMediaCheck(app, ctx.storage);

    app.get(
      '/v1/console/me',
      {
        schema: {
          tags,
          summary: 'Roles and brands of the signed-in operator',
          security,
          response: { 200: ZData(ZConsoleMe) },
        },
      },
      async (request) => ({ data: await getConsoleMe(ctx.db, operatorOf(request)) }),
    );

    app.get(
      '/v1/console/audit-log',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Every console change, newest first (admin)',
          security,
          querystring: ZAuditLogQuery,
          response: { 200: ZData(ZPage(ZAuditEntry)) },
        },
      },
      async (request) => ({ data: await listAuditLog(ctx.db, request.query) }),
    );

    app.post(
      '/v1/console/media',
      {
        config: { hasUndeclaredBody: true },
        schema: {
          tags,
          summary: 'Upload an image (multipart, field `file`: JPEG, PNG, GIF or WebP up to 10 MB)',
          security,
          consumes: ['multipart/form-data'],
          response: { 201: ZData(ZUploadedImage) },
        },
      },
      async (request, reply) => {
        const { bytes } = await readFileUpload(request, { field: 'file', maxBytes: imageKinds.consoleImage.maxBytes });
        return reply.status(201).send({ data: await uploadConsoleImage(ctx, operatorOf(request), bytes) });
      },
    );

    app.post(
      '/v1/console/media/animations',
      {
        config: { hasUndeclaredBody: true },
        schema: {
          tags,
          summary: "Upload a product's video (multipart, field `file`: MP4 or WebM up to 50 MB; an image is refused)",
          security,
          consumes: ['multipart/form-data'],
          response: { 201: ZData(ZUploadedAnimation) },
        },
      },
      async (request, reply) => {
        const { bytes } = await readFileUpload(request, { field: 'file', maxBytes: ANIMATION_MAX_BYTES });
        return reply.status(201).send({ data: await uploadConsoleAnimation(ctx, operatorOf(request), bytes) });
      },
    );

    await app.register(consoleBrandsRoutes(ctx));
    await app.register(consoleLicensesRoutes(ctx));
    await app.register(consoleCollectionsRoutes(ctx));
    await app.register(consoleProductsRoutes(ctx));
    await app.register(consoleTaxonomyRoutes(ctx));
    await app.register(consoleWithdrawalsRoutes(ctx));
    await app.register(consoleLedgerRoutes(ctx));
    await app.register(consolePaymentReviewsRoutes(ctx));
    await app.register(consoleBannersRoutes(ctx));
    await app.register(consoleDropsRoutes(ctx));
    await app.register(consoleWaitingRoomRoutes(ctx));
    await app.register(consoleFigureBasesRoutes(ctx));
    await app.register(consolePassesRoutes(ctx));
    await app.register(consoleFusionsRoutes(ctx));
    await app.register(consoleTicketKindsRoutes(ctx));
    await app.register(consoleRafflesRoutes(ctx));
    await app.register(consoleEditionPoolsRoutes(ctx));
    await app.register(consoleAttendanceRoutes(ctx));
    await app.register(consoleRedeemRoutes(ctx));
    await app.register(consoleAirdropsRoutes(ctx));
    await app.register(consoleOperatorsRoutes(ctx));
  };
}
