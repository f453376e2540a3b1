import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { installFieldMessages } from '@cypher/contract';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DiscordRoleSync } from './adapters/discord-roles/discord-roles.ts';
import type { ErrorReporter } from './adapters/error-reporter/error-reporter.ts';
import type { Mailer, SmsSender } from './adapters/mail/mail.ts';
import type { FileStorage } from './adapters/storage/storage.ts';
import { createAppContext } from './app-context.ts';
import type { TConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { answerSerializer } from './http/answer-serializer.ts';
import { registerCompression } from './http/compression.ts';
import { registerCountryRestriction } from './http/country-restriction.ts';
import { clientErrorHandler, frameworkErrors, isApiPath, registerErrorHandling } from './http/error-handler.ts';
import { documentSignIn, registerOpenApi } from './http/openapi.ts';
import { registerPublicAnswers } from './http/public-cache.ts';
import { registerRequestContext, requestIdFor } from './http/request-context.ts';
import { loggerOptions, RequestLogController } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerLowerCaseIds } from './http/lower-case-ids.ts';
import { registerStorableTextCheck } from './http/storable-text.ts';
import { registerBodyLessRouteCheck } from './http/body-less-routes.ts';
import { registerRequestBodyDrain } from './http/request-body-drain.ts';
import { registerWebApp } from './http/web-app.ts';
import { pageSubjects } from './modules/site/page-subjects.ts';
import type { RateLimiter } from './http/rate-limit/rate-limiter.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Clock } from './lib/clock.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { oauthRoutes } from './modules/auth/oauth/oauth.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { collectionRoutes } from './modules/collection/collection.routes.ts';
import { figureBasesRoutes } from './modules/collection/figure-bases/figure-bases.routes.ts';
import { passesRoutes } from './modules/passes/passes.routes.ts';
import { fusionsRoutes } from './modules/fusions/fusions.routes.ts';
import { consoleRoutes } from './modules/console/console.routes.ts';
import { dropsRoutes } from './modules/drops/drops.routes.ts';
import { dropLiveRoutes } from './modules/drops/live/drop-live.routes.ts';
import { waitingRoomRoutes } from './modules/drops/waiting-room/waiting-room.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { devDropRemindersRoutes } from './modules/drops/reminders/dev-drop-reminders.routes.ts';
import { devPaymentsRoutes } from './modules/dev-payments/dev-payments.routes.ts';
import { devOAuthRoutes } from './modules/dev-oauth/dev-oauth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { pagePreloads } from './modules/site/page-preloads.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { devIdentityRoutes } from './modules/dev-identity/dev-identity.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { identityWebhooksRoutes } from './modules/identity/identity-webhooks.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { packsRoutes } from './modules/drops/packs/packs.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { rafflesRoutes } from './modules/raffles/raffles.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { redeemRoutes } from './modules/redeem/redeem.routes.ts';
import type { TPurchaseBatchRun } from './modules/orders/purchase-batcher.ts';
import { cardsRoutes } from './modules/wallet/cards/cards.routes.ts';
import { payoutDestinationsRoutes } from './modules/wallet/payout-destinations/payout-destinations.routes.ts';
import { depositsRoutes } from './modules/wallet/deposits/deposits.routes.ts';
import { webhooksRoutes } from './modules/wallet/deposits/webhooks.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { withdrawalsRoutes } from './modules/wallet/withdrawals/withdrawals.routes.ts';

/** Everything the app needs from outside, handed in so tests can give each piece its own local stand-in. */
export interface AppDeps {
  config: TConfig;
  database: Database;
  clock: Clock;
  errorReporter: ErrorReporter;
  mailer: Mailer;
  sms: SmsSender;
  rateLimiter: RateLimiter;
  storage: FileStorage;
  discordRoles: DiscordRoleSync;
  /** Hands work to the job workers (a large drop's publication); tests without workers pass idleJobQueue. */
  jobs: JobQueue;
  /** Told of every balance purchase batch's transaction (its round, size and times): tests of races, profiling. */
  onPurchaseBatch?: (run: TPurchaseBatchRun) => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // A 400's field messages in words, where a schema names none (contract field-messages.ts).
  installFieldMessages();
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new RequestLogController(),
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Answers of the router and of Node's HTTP parser, in the error model's shape too (http/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);

  registerRequestContext(app);
  const errors = registerErrorHandling(app, deps.errorReporter);
  registerStorableTextCheck(app);
  registerLowerCaseIds(app);
  registerBodyLessRouteCheck(app);
  registerRequestBodyDrain(app);
  // Security headers first: a refusal by a later arrival hook (COUNTRY_RESTRICTED) carries them too.
  registerSecurityHeaders(app, config);
  registerCountryRestriction(app, config.countryRestriction);
  registerPublicAnswers(app, { clock: deps.clock, ttlMs: config.publicResponseCacheMs });
  await registerCompression(app);
  await registerOpenApi(app, config);
  // Multipart bodies stream: nothing is buffered until a route reads its file, with that route's own limits.
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });

  const ctx = createAppContext(deps, { log: (message, error) => app.log.warn({ err: error }, message) });
  // Decorated for people and tests checking an instance: its watchers, feeds and the signals it heard.
  app.decorate('dropLive', ctx.dropLive);
  const { requireAuth, requireVerified, requireOperator, requireAdmin, optionalAuth } = ctx.guard;
  documentSignIn(app, {
    required: [requireAuth, requireVerified, requireOperator, requireAdmin],
    optional: [optionalAuth],
  });
  // Listening before the first request; open streams end before the server waits for its connections to close, and
  // the listening connection after that.
  app.addHook('onReady', async () => {
    await Promise.all([ctx.dropLive.ready(), ctx.endedSessions.ready()]);
  });
  app.addHook('preClose', async () => ctx.dropLive.feeds.closeAll());
  app.addHook('onClose', async () => {
    await Promise.all([ctx.dropLive.close(), ctx.endedSessions.close()]);
  });
  await app.register(healthRoutes(deps));
  await app.register(authRoutes(ctx));
  await app.register(oauthRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(catalogRoutes(ctx));
  await app.register(consoleRoutes(ctx));
  await app.register(dropsRoutes(ctx));
  await app.register(dropLiveRoutes(ctx));
  await app.register(waitingRoomRoutes(ctx));
  await app.register(collectionRoutes(ctx));
  await app.register(figureBasesRoutes(ctx));
  await app.register(passesRoutes(ctx));
  await app.register(fusionsRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(walletRoutes(ctx));
  await app.register(withdrawalsRoutes(ctx));
  await app.register(depositsRoutes(ctx));
  await app.register(cardsRoutes(ctx));
  await app.register(payoutDestinationsRoutes(ctx));
  await app.register(webhooksRoutes(ctx));
  await app.register(ordersRoutes(ctx));
  await app.register(packsRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(ticketsRoutes(ctx));
  await app.register(rafflesRoutes(ctx));
  await app.register(attendanceRoutes(ctx));
  await app.register(redeemRoutes(ctx));
  await app.register(identityRoutes(ctx));
  await app.register(identityWebhooksRoutes(ctx));
  await app.register(siteRoutes(ctx));
  if (!config.isProduction) await app.register(devMailboxRoutes(deps));
  if (!config.isProduction) await app.register(devOAuthRoutes(ctx));
  if (!config.isProduction) await app.register(devDropRemindersRoutes(ctx));
  if (ctx.config.payments.mode === 'sandbox') await app.register(devPaymentsRoutes(ctx));
  if (ctx.config.identity.mode === 'sandbox') await app.register(devIdentityRoutes(ctx));

  const webApp = await registerWebApp(app, config, pagePreloads(ctx), ctx.clock, pageSubjects(app, config.brandName));
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (webApp.sendPage && isPageRequest && !isApiPath(request.url)) return webApp.sendPage(request, reply);
    return errors.replyNotFound(request, reply);
  });

  return app;
}
