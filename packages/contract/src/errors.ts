/**
 * The error catalogue: every code the API can answer with, its HTTP status and the message a person reads.
 * The messages of spec section 8 are quoted word for word; the API throws `AppError(code)` and the web looks
 * messages up here by `code` (or the legacy `error` field), so both sides always say the same thing.
 */
export const errorCatalogue = {
  // Spec section 8, verbatim.
  DUPLICATE_ID_EXISTS: { status: 409, message: 'This email already exists.' },
  USER_ID_NOT_FOUND: {
    status: 404,
    message: 'We were unable to find an account that uses this email address! Please check and try again.',
  },
  INVALID_PASSWORD: { status: 401, message: 'Email or password is invalid.' },
  EMAIL_VERIFICATION_REQUIRED: { status: 403, message: 'Please verify your email.' },
  ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD: { status: 400, message: 'Please avoid using your previous password.' },
  USER_ALREADY_EXISTS: { status: 409, message: 'This email address is already registered!' },
  INVALID_AUTHORIZATION_KEY: { status: 400, message: 'Invalid verification key.' },
  UPLOAD_FILE_ABSENT: { status: 400, message: 'No registered file.' },
  UNSUPPORTED_MIMETYPE: { status: 400, message: 'Unsupported file type.' },
  MEDIA_NOT_FOUND: { status: 404, message: 'Media file does not exist.' },
  IMAGE_REQUIRED_IN_IMAGE_FIELD: { status: 400, message: 'Unsupported content type.' },
  IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD: { status: 400, message: 'Unsupported content type.' },
  REQUEST_MAXIMUN: { status: 429, message: 'You have exceeded the maximum number of requests.' },

  // Accounts and sessions.
  SESSION_EXPIRED: { status: 401, message: 'Your session has ended. Please sign in again.' },
  REAUTHENTICATION_REQUIRED: { status: 403, message: 'Please confirm your password to continue.' },
  SESSION_NOT_FOUND: { status: 404, message: 'This device is already signed out.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Your email is already verified.' },
  INVALID_VERIFICATION_CODE: { status: 400, message: 'The code is not correct. Please check it and try again.' },
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    message: 'This code has expired or was tried too many times. Please ask for a new one.',
  },
  MFA_ALREADY_ENABLED: { status: 409, message: 'Two-factor authentication is already on.' },
  MFA_NOT_ENABLED: { status: 409, message: 'Two-factor authentication is not on.' },
  PASSWORD_NOT_SET: {
    status: 409,
    message: 'This account has no password yet. Use "Forgot password" to set one.',
  },

  // Profile (spec sections 2 and 5: "a message exists for an existing nickname").
  NICKNAME_ALREADY_EXISTS: { status: 409, message: 'This nickname already exists. Please choose another one.' },
  PROFILE_ALREADY_CREATED: { status: 409, message: 'Your profile is already created. You can edit it instead.' },
  PROFILE_REQUIRED: { status: 403, message: 'Please create your profile first.' },

  // Sign-in with Google and connecting Discord.
  OAUTH_PROVIDER_NOT_CONFIGURED: {
    status: 503,
    message: 'Signing in with this provider is not available right now. Please use your email and password.',
  },
  OAUTH_STATE_INVALID: {
    status: 400,
    message: 'This sign-in attempt has expired or was already used. Please start again.',
  },
  OAUTH_SIGN_IN_FAILED: {
    status: 400,
    message: 'We could not complete the sign-in with the provider. Please start again.',
  },
  OAUTH_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'We could not reach the provider. Please try again in a moment.',
  },
  SOCIAL_EMAIL_NOT_VERIFIED: {
    status: 400,
    message: 'The email of this Google account is not verified. Please verify it with Google, or sign up with email.',
  },
  SOCIAL_SIGN_UP_EXPIRED: {
    status: 400,
    message: 'Your sign-up with Google has expired. Please sign in with Google again.',
  },
  DISCORD_ALREADY_CONNECTED: { status: 409, message: 'A Discord account is already connected. Disconnect it first.' },
  DISCORD_LINKED_TO_ANOTHER_ACCOUNT: {
    status: 409,
    message: 'This Discord account is already connected to another account.',
  },
  DISCORD_NOT_CONNECTED: { status: 409, message: 'No Discord account is connected.' },
  /** The API names the time in the message and in `details` (field `reconnectAvailableAt`, ISO 8601). */
  DISCORD_RECONNECT_LOCKED: {
    status: 403,
    message: 'You cannot connect Discord again yet: reconnecting is possible 14 days after disconnecting.',
  },

  // Account deletion (spec section 4): balance, packs and NFTs must be emptied first; seven days to change one's mind.
  /** `details` lists what remains, one entry per kind (field: balance, packs, nfts...). */
  ACCOUNT_HAS_ASSETS: {
    status: 409,
    message: 'Your account still holds assets. Empty your balance, packs and NFTs before deleting it.',
  },
  ACCOUNT_DELETION_ALREADY_REQUESTED: { status: 409, message: 'The deletion of this account is already requested.' },
  ACCOUNT_DELETION_NOT_REQUESTED: { status: 409, message: 'There is no deletion request to cancel.' },
  /**
   * Money or rewards asked for while a deletion request runs its seven days (a deposit, a check-in, a code): what came in
   * would stop the deletion, and only the deletion-in-progress screen is shown meanwhile.
   */
  ACCOUNT_DELETION_PENDING: {
    status: 409,
    message: 'Your account is being deleted. Cancel the deletion request to use it again.',
  },

  // Newsletter (double opt-in, decision record 46): a confirmation link works for seven days.
  NEWSLETTER_CONFIRMATION_EXPIRED: {
    status: 400,
    message: 'This confirmation link has expired. Please subscribe again to get a new one.',
  },

  // Catalogue and console. Slugs and names are unique (names per brand), so a taken one is a conflict, not a bug.
  SLUG_ALREADY_EXISTS: { status: 409, message: 'This slug is already taken. Please choose another one.' },
  NAME_ALREADY_EXISTS: { status: 409, message: 'This name is already taken. Please choose another one.' },
  RELATED_ITEM_NOT_FOUND: {
    status: 400,
    message: 'The brand, license, collection, category, tag or product you picked does not exist.',
  },
  RELATED_ITEM_OF_OTHER_BRAND: {
    status: 400,
    message: 'The license, collection and products must belong to the same brand as the item.',
  },
  // An edit made from an entry someone has changed since it was opened (If-Match, http/entry-version.ts).
  ENTRY_CHANGED: {
    status: 409,
    message: 'Someone else changed this while you were editing. Reload it to see their changes, then make yours again.',
  },
  OPERATOR_ROLE_ALREADY_GRANTED: { status: 409, message: 'This person already has this role.' },
  OPERATOR_EMAIL_NOT_VERIFIED: {
    status: 409,
    message: 'This person has not verified their email address yet. A console role goes only to a verified address.',
  },

  // Image uploads. FILE_TOO_LARGE quotes spec section 5's photo message as written.
  FILE_TOO_LARGE: { status: 400, message: 'Size to large to Accept' },
  IMAGE_UNREADABLE: { status: 400, message: 'We could not read this image. Please select another one.' },
  IMAGE_DIMENSIONS_OUT_OF_RANGE: {
    status: 400,
    message: 'This image is too small or too large. Please select another one.',
  },

  // Wallet.
  INSUFFICIENT_FUNDS: { status: 409, message: 'Insufficient funds. Please add funds to your balance.' },
  WITHDRAWAL_NOT_FOUND: { status: 404, message: 'We could not find this withdrawal.' },
  WITHDRAWAL_BELOW_FEE: { status: 400, message: 'A withdrawal must be at least its fee.' },
  AMOUNT_OUT_OF_BANDWIDTH: { status: 400, message: 'Amount is not within correct bandwidth' },
  CARD_NOT_FOUND: { status: 404, message: 'We could not find this card.' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'We could not find this payment method.' },
  DEPOSIT_NOT_FOUND: { status: 404, message: 'We could not find this deposit.' },
  INVALID_CARD_NUMBER: { status: 400, message: 'Invalid credit card number. Please check again' },
  CARD_ALREADY_SAVED: { status: 409, message: 'This card is already saved.' },
  CARD_LIMIT_REACHED: { status: 409, message: 'You can save up to 10 cards. Remove one to add another.' },
  TILIA_PAYMENT_METHOD_LIMIT_REACHED: {
    status: 409,
    message: 'You can save up to 5 Tilia payment methods. Remove one to add another.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Please try again in a moment.',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  BANK_ACCOUNT_NOT_FOUND: { status: 404, message: 'We could not find this bank account.' },
  BANK_ACCOUNT_ALREADY_SAVED: { status: 409, message: 'This bank account is already saved.' },
  BANK_ACCOUNT_LIMIT_REACHED: {
    status: 409,
    message: 'You can save up to 5 bank accounts. Remove one to add another.',
  },
  WALLET_ADDRESS_NOT_FOUND: { status: 404, message: 'We could not find this wallet address.' },
  WALLET_ADDRESS_LIMIT_REACHED: {
    status: 409,
    message: 'You can save up to 5 wallet addresses. Remove one to add another.',
  },
  WALLET_ADDRESS_ALREADY_SAVED: { status: 409, message: 'This wallet address is already saved.' },
  WITHDRAWAL_STATUS_CONFLICT: {
    status: 409,
    message: 'This withdrawal has already moved on and cannot be changed this way. Please reload it.',
  },
  /** Console: a payment held for review (money received that no deposit could take) that is not in the list. */
  PAYMENT_REVIEW_NOT_FOUND: { status: 404, message: 'We could not find this payment for review.' },
  /** Console: another operator (or an earlier click) already recorded what was done about this payment. */
  PAYMENT_REVIEW_ALREADY_RESOLVED: {
    status: 409,
    message: 'This payment has already been marked resolved by someone. Please reload the list.',
  },
  /**
   * Console: an admin moving their own withdrawal, or resolving a payment for review of their own deposit. The spec's
   * compliance review is someone else's: one by the person paid is none.
   */
  OWN_REVIEW_NOT_ALLOWED: { status: 403, message: 'Another admin must review your own request.' },

  // Drops and orders: the refusals of a purchase, each with its own code.
  DROP_NOT_FOUND: { status: 404, message: 'We could not find this drop.' },
  DROP_NOT_AVAILABLE: { status: 409, message: 'This drop is not on sale right now.' },
  ROUND_NOT_ACTIVE: { status: 409, message: 'No sale round is open right now. Please check when the next one starts.' },
  SOLD_OUT: { status: 409, message: 'Sold out. Every pack of this round has been claimed.' },
  /** Some packs are still on sale, only fewer than the order asks for: never told as sold out while one is left. */
  NOT_ENOUGH_PACKS_LEFT: {
    status: 409,
    message: 'Fewer packs are left in this round than you asked for. Choose a smaller quantity.',
  },
  NOT_WHITELISTED: { status: 403, message: 'This round is only open to people on its whitelist.' },
  /** The order asks for more than the buyer may still buy in the round, with some of their allowance left. */
  PURCHASE_LIMIT_EXCEEDED: {
    status: 409,
    message: 'This is more packs than you may still buy in this round. Choose a smaller quantity.',
  },
  PURCHASE_LIMIT_REACHED: {
    status: 409,
    message: 'You have reached the number of packs one person may buy in this round.',
  },
  ROUND_NOT_FOUND: { status: 404, message: 'This drop has no such sale round.' },
  /**
   * The round named is the drop's gift round (decision record 36): its packs are set aside for giveaways, so nobody
   * buys, queues, enters a raffle or sets a reminder for it.
   */
  GIFT_ROUND_NOT_FOR_SALE: {
    status: 409,
    message: 'The packs of this round are set aside for giveaways and are never on sale.',
  },
  // Passes (issue 18): bought through the same order flow, refused with their own words.
  PASS_NOT_FOUND: { status: 404, message: 'We could not find this pass.' },
  PASS_NOT_ON_SALE: { status: 409, message: 'This pass is not on sale right now.' },
  PASS_SOLD_OUT: { status: 409, message: 'Sold out. Every pass has been claimed.' },
  NOT_ENOUGH_PASSES_LEFT: {
    status: 409,
    message: 'Fewer passes are left than you asked for. Choose a smaller quantity.',
  },
  PASS_LIMIT_REACHED: { status: 409, message: 'You have reached the number of this pass one person may buy.' },
  PASS_LIMIT_EXCEEDED: {
    status: 409,
    message: 'This is more of this pass than you may still buy. Choose a smaller quantity.',
  },
  /** A holders-only round, and the buyer holds no valid pass that opens it. */
  PASS_REQUIRED: { status: 403, message: 'This round is open to pass holders only.' },
  /** Console: publish once (decision record 50); a published pass is never a draft again. */
  PASS_ALREADY_PUBLISHED: { status: 409, message: 'This pass is already published.' },
  /** Console: a draft pass a drop's round names (required, or guaranteeing packs) keeps its supply and is not deleted. */
  PASS_NAMED_BY_ROUND: {
    status: 409,
    message: 'A drop’s round names this pass. Take it out of the round first, then change its supply or delete it.',
  },
  /**
   * Console: people hold the pass (a unit paid for, given, or held for a payment), so its validity may only widen:
   * `validFrom` earlier, `validUntil` later. Each field moved the other way is named in `details`.
   */
  PASS_VALIDITY_SOLD: { status: 409, message: 'People hold this pass: its validity can only be widened.' },
  /** A round names a pass (required, or guaranteeing packs) that does not exist or is of another brand. */
  PASS_NOT_OF_BRAND: { status: 422, message: 'A round can only name a pass of the drop’s own brand.' },
  /** A raffle's entry names a ticket kind of another brand (the drop's brand's own kinds and the marketplace's do). */
  TICKET_KIND_OF_OTHER_BRAND: {
    status: 422,
    message: 'A raffle can only cost tickets of the drop’s own brand or the marketplace’s.',
  },
  /** Only packs held back for pass holders are left, and the buyer holds no valid pass. */
  PACKS_HELD_FOR_HOLDERS: {
    status: 409,
    message:
      'The packs left in this round are held for pass holders for now. Any they leave go on sale when the hold ends.',
  },
  /** Only packs held back for pass holders are left, and this holder has bought their share or asks for more. */
  HOLDER_SHARE_EXCEEDED: {
    status: 409,
    message:
      'This is more than is left of the packs held for you as a pass holder. Any packs left go on sale to everyone when the hold ends.',
  },
  // Fusion (issue 19).
  FUSION_NOT_FOUND: { status: 404, message: 'We could not find this fusion.' },
  /** A fusion run that is not the caller's, or never was. */
  FUSION_RUN_NOT_FOUND: { status: 404, message: 'We could not find this fusion result.' },
  FUSION_SLOT_NOT_FOUND: { status: 404, message: 'This fusion has no such slot.' },
  FUSION_NOT_AVAILABLE: { status: 409, message: 'This fusion is not open right now.' },
  /** The all-items-fused state: every result of the supply has been made. */
  FUSION_ALL_FUSED: { status: 409, message: 'All items have been fused. Nothing was burned.' },
  /** Not exactly the slots of the fusion, or not exactly each slot's count, or an edition chosen twice. */
  FUSION_MATERIALS_INCOMPLETE: {
    status: 422,
    message: 'Choose exactly the number of editions each slot asks for, each edition once.',
  },
  FUSION_MATERIAL_MISMATCH: { status: 422, message: 'An edition you chose does not fit its slot.' },
  FUSION_STARTED: { status: 409, message: 'A fusion that has begun can no longer be changed.' },
  /** Console: publish once (decision record 50); a published fusion is never a draft again. */
  FUSION_ALREADY_PUBLISHED: { status: 409, message: 'This fusion is already published.' },
  /** Console: `details` names `endAt`. Published over, it would mint its results for a fusion nobody could join. */
  FUSION_SCHEDULE_PASSED: {
    status: 409,
    message: 'This fusion has already ended. Move its end to a time to come to publish it.',
  },
  /** Console: closing is for an open fusion; before it begins, its times can still be changed. */
  FUSION_NOT_OPEN: {
    status: 409,
    message: 'Only an open fusion can be closed. Until it is published and has begun, change its times instead.',
  },
  FUSION_ALREADY_ENDED: { status: 409, message: 'This fusion has already ended.' },
  /** Console: `details` names the result product (field `resultProductId`). */
  FUSION_RESULT_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the result product first: collectors could not open the page of what a fusion makes.',
  },
  /**
   * Console: a slot of a fusion being published (or of a published one being changed) takes a product or collection
   * still in draft; collectors would see its name before it is released and could never fill the slot. `details` name
   * each such slot's field (`slots.0.rule.productId`, `slots.1.rule.collectionId`).
   */
  FUSION_SLOT_NOT_PUBLISHED: {
    status: 409,
    message:
      'Publish what each slot takes first: collectors could not see or collect a product or collection still in draft.',
  },
  /** Console: `details` says how many editions the result product has left (field `resultSupply`). */
  FUSION_SUPPLY_EXCEEDS_EDITION_SIZE: {
    status: 409,
    message: 'The result supply is more than the product’s edition size leaves. Lower the supply or raise the size.',
  },
  /** A reminder is for a round that has not opened yet; the round asked for has opened (or the drop has none left). */
  REMINDER_ROUND_NOT_UPCOMING: {
    status: 409,
    message: 'This round has already opened, so there is nothing left to remind you of.',
  },
  /** A whitelist round reminds only people whose verified address is on its list. */
  REMINDER_NOT_WHITELISTED: {
    status: 403,
    message: 'This round is only open to people on its whitelist, so we cannot remind you of it.',
  },
  // The waiting room of a first-come round (issue 18, decision record 27).
  WAITING_ROOM_NOT_FOUND: { status: 404, message: 'This round has no waiting room.' },
  WAITING_ROOM_NOT_OPEN: {
    status: 409,
    message: 'The waiting room for this round is not open yet. Please come back when it opens.',
  },
  WAITING_ROOM_CLOSED: { status: 409, message: 'This round has ended, so its waiting room is closed.' },
  /** The room requires a phone proven by an SMS code; the only such phone we hold is two-factor sign-in's. */
  PHONE_VERIFICATION_REQUIRED: {
    status: 403,
    message: 'This waiting room needs a verified phone. Turn on two-factor sign-in by SMS under account security.',
  },
  ADMISSION_REQUIRED: { status: 403, message: 'Join the waiting room to buy in this round.' },
  ADMISSION_INVALID: {
    status: 403,
    message: 'Your place in line has expired or is not valid. Please rejoin the waiting room.',
  },
  /** Console: a room cannot change once people may join it (nor be added that late), so every instance agrees on it. */
  WAITING_ROOM_LOCKED: {
    status: 409,
    message: "This round's waiting room can no longer be changed: it has opened for joining, or would have by now.",
  },
  /**
   * Console: a raffle round sells only to its winners, at their own pace within the purchase window; a waiting room
   * would invite everyone to queue for a round they cannot buy in.
   */
  WAITING_ROOM_ROUND_IS_RAFFLE: {
    status: 409,
    message: 'This round is a raffle: only its winners buy in it, so it cannot have a waiting room.',
  },
  /** Console: a draft's rounds are replaced each time it is saved, and a waiting room would go with them. */
  WAITING_ROOM_DROP_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the drop first: a waiting room is set on a published round.',
  },
  /**
   * Console: a draft's rounds are replaced each time it is saved, and its raffle with them; one left on a draft would
   * be drawn at its close with nobody able to enter, and the round published later would sell to no one.
   */
  RAFFLE_DROP_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the drop first: a raffle is set on a published round.',
  },
  DROP_ALREADY_PUBLISHED: { status: 409, message: 'A published drop can no longer be changed.' },
  DROP_SCHEDULE_PASSED: {
    status: 409,
    message: 'This drop has already ended. Move its end to a time to come to publish it.',
  },
  /** `details` names each pass still in draft that a round is for (field `rounds`). */
  DROP_PASS_NOT_PUBLISHED: {
    status: 409,
    message:
      'Publish the passes this drop’s rounds are for first: collectors could not buy them or see what opens the round.',
  },
  /** `details` names each product still in draft (field `contents`). */
  DROP_PRODUCT_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the products in this drop first: collectors could not open the pages of what their packs hold.',
  },
  /**
   * Console: unpublishing a product that a drop being published or published and not ended sells, or that a published
   * fusion not ended makes or takes in a slot: the drop page would name a product whose page is not found, its packs
   * still selling it. The message names each ("Neon Genesis sells this product until it ends.").
   */
  PRODUCT_IN_LIVE_USE: {
    status: 409,
    message: 'A live drop or fusion uses this product: it can be unpublished once they end.',
  },
  /** Console: the same for a collection, whose products such a drop sells or such a fusion makes or takes. */
  COLLECTION_IN_LIVE_USE: {
    status: 409,
    message: 'A live drop or fusion uses this collection: it can be unpublished once they end.',
  },
  /** `details` names the field (`rarity`, `editionSize`) and how many editions there are. */
  PRODUCT_EDITIONS_EXIST: {
    status: 409,
    message:
      'Editions of this product exist: its rarity is fixed, and its edition size can only be lowered, not below them.',
  },
  /** `details` (field `resourceUris`) says how many editions are minted or set aside with the artwork. */
  PRODUCT_ARTWORKS_FIXED: {
    status: 409,
    message: 'Editions of this product are minted or set aside: its generative artwork can no longer change.',
  },
  /** `details` names the field: an open edition, a count other than the edition size, an image not uploaded here. */
  PRODUCT_ARTWORKS_INVALID: {
    status: 422,
    message: 'A generative product needs one uploaded image per edition, as many as its edition size.',
  },
  /** `details` names the product (field `contents`) and how many of its editions are left. */
  EDITION_SIZE_EXCEEDED: {
    status: 409,
    message:
      'This drop holds more editions of a product than its edition size leaves. Lower the count or raise the size.',
  },
  EDITION_NUMBERS_TAKEN: {
    status: 409,
    message: 'Another drop of the same product was published at the same moment. Please publish again.',
  },
  ORDER_NOT_FOUND: { status: 404, message: 'We could not find this order.' },
  ORDER_NOT_PENDING: { status: 409, message: 'This order is no longer waiting for a payment.' },
  ORDER_HOLD_EXPIRED: {
    status: 409,
    message: 'The time to pay for this order has passed. A payment that still arrives goes to your balance.',
  },
  /**
   * The order's total now is not the one the buyer agreed to (the request's `expectedTotal`, what the popup's Pay button
   * showed): the operator changed the price, or the next round opened at its own. Nothing was bought or charged.
   */
  PRICE_CHANGED: { status: 409, message: 'The price has changed. Please check the new total and try again.' },
  PACK_NOT_FOUND: { status: 404, message: 'We could not find this pack.' },
  EDITION_NOT_FOUND: { status: 404, message: 'We could not find this collectible.' },
  EDITION_NOT_YOURS: { status: 403, message: 'This collectible is not yours.' },
  EDITION_LOCKED: {
    status: 409,
    message: 'This collectible is locked: unlock it first.',
  },
  EDITION_UNAVAILABLE: { status: 409, message: 'This collectible has left the collection.' },
  FAVORITE_NOT_FOUND: { status: 404, message: 'This is not among your favorites.' },
  FAVORITE_TARGET_NOT_FOUND: { status: 404, message: 'We could not find what you want to favorite.' },
  COLLECTOR_NOT_FOUND: { status: 404, message: 'We could not find this collector.' },
  EDITION_STATE_CONFLICT: { status: 409, message: 'This collectible cannot do that in its present state.' },
  EDITION_EQUIPPED: {
    status: 409,
    message: 'This collectible stands on a figure base: take it off first.',
  },
  FIGURE_BASE_NOT_FOUND: { status: 404, message: 'We could not find this figure base.' },
  FIGURE_BASE_SLOT_NOT_FOUND: { status: 404, message: 'This figure base has no such slot.' },
  EDITION_DOES_NOT_FIT: { status: 422, message: 'This collectible does not fit this slot.' },
  FIGURE_BASE_SLOT_TAKEN: {
    status: 409,
    message: 'Something already stands in this slot: take it off first.',
  },
  FIGURE_BASE_SLOT_PRODUCT_ELSEWHERE: {
    status: 400,
    message: "A slot can only ask for a product of the figure base's collection.",
  },
  /** A slot asking for a product and another rarity than that product's: `details` names the slot. */
  FIGURE_BASE_SLOT_CANNOT_BE_FILLED: {
    status: 400,
    message: "Nothing could ever stand in this slot: the product it asks for has another rarity than the slot's.",
  },
  /**
   * A product change (its rarity, its collection) that would leave a figure base slot asking for it with nothing that
   * could ever stand there: `details` names each slot and its base, under the product's field.
   */
  FIGURE_BASE_SLOT_ASKS_FOR_PRODUCT: {
    status: 409,
    message: 'A figure base slot asks for this product as it is now: change that slot first.',
  },
  EDITION_NOT_ON_FIGURE_BASE: { status: 409, message: 'This collectible is not on this figure base.' },
  /** `details` names each such slot: under the field changed of a slot refitted, under `slots` for one removed. */
  FIGURE_BASE_SLOT_IN_USE: {
    status: 409,
    message: 'Collectors have editions standing in this slot, so it cannot be removed or made to fit something else.',
  },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'We could not find this notification.' },

  // Tickets: a count per person that grants add to and a raffle entry spends from (issue 18).
  TICKET_KIND_NOT_FOUND: { status: 404, message: 'We could not find this ticket.' },
  /** A kind collectors can see (and may hold) that is not for sale now: taken off sale, or only ever granted. */
  TICKET_KIND_NOT_ON_SALE: { status: 409, message: 'This ticket is not on sale right now.' },
  NOT_ENOUGH_TICKETS: { status: 409, message: "You don't have a ticket to spend." },
  /** A ticket kind's `maxPerOrder`: `details` names the quantity field. */
  TICKET_ORDER_TOO_LARGE: { status: 422, message: 'That is more of this ticket than one order may hold.' },
  /** A console grant names a person by email or id that has no account. */
  TICKET_RECIPIENT_NOT_FOUND: { status: 404, message: 'We could not find an account with this email address or id.' },

  // Raffle rounds: register in a window, a verifiable draw at its close, winners buy (issue 18, decision record 26).
  RAFFLE_NOT_FOUND: { status: 404, message: 'This round has no raffle.' },
  RAFFLE_REGISTRATION_CLOSED: { status: 409, message: 'Registration for this raffle is not open.' },
  /** The console sets registration to close after the round opens: winners must be known before anyone buys. */
  RAFFLE_CLOSES_AFTER_ROUND_OPENS: { status: 422, message: 'Registration must close before the round opens.' },
  /** The console opens a raffle's registration before its drop shows: people would enter a drop nobody can see. */
  RAFFLE_OPENS_BEFORE_DROP_SHOWS: {
    status: 422,
    message: 'Registration can open once the drop is visible, not before.',
  },
  /** The console gives a raffle more places than its round has packs: winners would be told they won a sold-out round. */
  RAFFLE_PLACES_OVER_PACKS: { status: 422, message: 'A raffle cannot have more places than its round has packs.' },
  /**
   * The console gives a raffle more places than its round's packs can serve when each winner buys their share (the
   * round's per-person limit, raffleWinnerLimit): the last winners would pay their entry and find the round sold out.
   */
  RAFFLE_PLACES_OVER_WINNER_SHARES: {
    status: 422,
    message:
      'Each winner may buy up to the round’s per-person limit, so there can be no more places than it takes to share out the round’s packs that way.',
  },
  /**
   * The console sets a raffle's purchase window to end after its round does: the second draw's winners would be told to
   * buy from the window's end until the round's, a time already past.
   */
  RAFFLE_WINDOW_AFTER_ROUND_ENDS: {
    status: 422,
    message: 'The winners’ purchase window must end by the time the round ends.',
  },
  /**
   * The console makes a raffle free for pass holders on a round open to everyone: nobody there enters as a holder
   * (enter-raffle.ts waives the ticket only on a round that requires a pass), so everyone would pay. `details` names
   * the field.
   */
  RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS: {
    status: 422,
    message: 'This round is open to everyone, so its raffle cannot be free for pass holders.',
  },
  /** The console makes a round with a waiting room a raffle (WAITING_ROOM_ROUND_IS_RAFFLE is the other way round). */
  RAFFLE_ROUND_HAS_WAITING_ROOM: {
    status: 409,
    message: 'This round has a waiting room. Remove it first: a raffle round sells only to its winners.',
  },
  /**
   * The console makes a round that holds packs back for pass holders (decision record 29) a raffle: the guarantee lets
   * every holder buy their share, a raffle only its winners, so holders not drawn would be refused their packs and
   * winners without the pass told the packs are held for holders (decision record 26).
   */
  RAFFLE_ROUND_HAS_PASS_GUARANTEE: {
    status: 409,
    message:
      'This round holds packs back for pass holders, so it cannot be a raffle: a raffle round sells only to its winners.',
  },
  RAFFLE_NOT_A_WINNER: { status: 403, message: 'Only the raffle winners can buy in this round right now.' },
  /** A first-draw winner past their purchase window: their place went to the second draw (decision record 26). */
  RAFFLE_WINDOW_ENDED: {
    status: 403,
    message: 'Your time to buy as a raffle winner has ended: places not bought went to a second draw.',
  },
  /** The console changes a raffle whose registration has opened: its commitment is public and entries may exist. */
  RAFFLE_REGISTRATION_OPENED: {
    status: 409,
    message: 'Registration for this raffle has opened, so it can no longer be changed.',
  },
  /**
   * The console makes a round a raffle moments before it opens, or after (raffle-round-ids.ts: purchases keep, per
   * process, whether an open round is a raffle, so that must be settled before anyone may buy).
   */
  RAFFLE_ROUND_OPENING: { status: 409, message: 'This round opens too soon to become a raffle.' },
  /** The console asks for a draw before registration closes. */
  RAFFLE_NOT_CLOSED: { status: 409, message: 'The raffle can be drawn once its registration has closed.' },

  // Grants: what attendance, redeem codes and airdrops give (issue 20).
  /** A grant names a ticket kind, a pass, an edition pool or a published drop's gift round that does not exist. */
  GRANT_ITEM_NOT_FOUND: {
    status: 400,
    message: 'The ticket, pass, edition pool or gift round this reward gives does not exist.',
  },
  /** A grant made in the console names a pass whose validity is over: nobody could be given it (grantPassUnits). */
  GRANT_PASS_ENDED: {
    status: 409,
    message: 'This pass is no longer valid, so it cannot be given. Choose another reward.',
  },
  EDITION_POOL_NOT_FOUND: { status: 404, message: 'We could not find this edition pool.' },
  /** `details` names the product (field `productId`). */
  EDITION_POOL_PRODUCT_NOT_PUBLISHED: {
    status: 409,
    message: 'Publish the product first: people could not open the page of an edition they were given.',
  },
  /** `details` says how many editions of the product are left (field `size`). */
  EDITION_POOL_EXCEEDS_EDITION_SIZE: {
    status: 409,
    message:
      'The pool holds more editions than the product’s edition size leaves. Lower the size or raise the product’s.',
  },

  // Daily attendance (issue 20).
  ATTENDANCE_NOT_OPEN: {
    status: 409,
    message: 'There is nothing to check in for today. Please come back when the next calendar begins.',
  },
  ATTENDANCE_ALREADY_CHECKED_IN: { status: 409, message: 'You have already checked in today. Come back tomorrow!' },
  ATTENDANCE_NOT_FOUND: { status: 404, message: 'We could not find this check-in.' },
  ATTENDANCE_CALENDAR_NOT_FOUND: { status: 404, message: 'We could not find this calendar.' },
  /** Console: `details` names the other calendar (field `startDate`). */
  ATTENDANCE_CALENDAR_OVERLAPS: { status: 409, message: 'Another calendar already covers some of these days.' },
  /** Console: a calendar that has begun is ended earlier (its end date moved), not deleted. */
  ATTENDANCE_CALENDAR_STARTED: {
    status: 409,
    message: 'A calendar that has begun cannot be deleted. Move its end date to end it earlier.',
  },
  /** Console: a change would drop days people have checked in on. */
  ATTENDANCE_CALENDAR_IN_USE: {
    status: 409,
    message: 'People have checked in on days this change would remove from the calendar.',
  },

  /** Console: `details` names each day whose reward would change (its field: the day's row, or `dailyReward`). */
  ATTENDANCE_CALENDAR_REWARD_GIVEN: {
    status: 409,
    message: 'People have checked in on days whose reward this change would alter. Those days keep their reward.',
  },

  // Redeem codes (issue 20, decision record 31): unknown, expired and used-up codes each say so in their own words.
  REDEEM_CODE_NOT_FOUND: { status: 404, message: 'This code does not exist. Please check it and try again.' },
  REDEEM_CODE_NOT_YET_VALID: { status: 409, message: 'This code cannot be used yet. Please try again later.' },
  REDEEM_CODE_EXPIRED: { status: 409, message: 'This code has expired.' },
  REDEEM_CODE_USED_UP: { status: 409, message: 'This code has already been used as many times as it allows.' },
  /** The person has used the code as many times as one person may. */
  REDEEM_CODE_ALREADY_REDEEMED: { status: 409, message: 'You have already redeemed this code.' },
  /** The pass or edition the code gives has run out; the use is not spent. */
  /** The pass, pool or gift round it gives is used up, or over (a pass whose validity has ended). */
  REDEEM_REWARD_OUT_OF_STOCK: {
    status: 409,
    message: 'What this code gives has run out or is over. Your code was not used.',
  },
  /** The code's batch was revoked in the console (its codes leaked, say): no use is granted after that. */
  REDEEM_CODE_REVOKED: {
    status: 409,
    message:
      'This code has been withdrawn and can no longer be redeemed. Anything it already gave you is yours to keep.',
  },
  REDEEM_BATCH_NOT_FOUND: { status: 404, message: 'We could not find this batch of codes.' },
  /** Console: a batch is revoked once; revoking it again changes nothing and says so. */
  REDEEM_BATCH_ALREADY_REVOKED: { status: 409, message: 'This batch of codes has already been revoked.' },
  /** Console: the batch's codes were made under another REDEEM_CODE_SECRET, so they cannot be exported again. */
  REDEEM_CODE_SECRET_CHANGED: {
    status: 409,
    message: 'These codes were made with another redeem code secret, so they cannot be exported again.',
  },

  // Airdrops (issue 20).
  AIRDROP_NOT_FOUND: { status: 404, message: 'We could not find this airdrop.' },
  /** `details` lists the addresses and ids with no account (field `audience`). */
  AIRDROP_RECIPIENTS_NOT_FOUND: { status: 422, message: 'Some of the people listed have no account.' },
  AIRDROP_NO_RECIPIENTS: { status: 409, message: 'Nobody holds this pass, so there is nobody to airdrop to.' },
  /**
   * Console: a brand's manager naming people by email address (an airdrop's list, a ticket grant). Addresses are an
   * admin's to see, and so is whether one has an account: refused before any is looked up, whichever they are.
   */
  RECIPIENT_EMAIL_ADMIN_ONLY: {
    status: 403,
    message: 'Only an admin can name people by email address. Name them by user id instead.',
  },

  // Identity verification (KYC) before a withdrawal; spec section 8's "resubmit ID" popup, wording ours.
  IDENTITY_VERIFICATION_REQUIRED: { status: 403, message: 'Please verify your identity before withdrawing.' },
  IDENTITY_VERIFICATION_FAILED: {
    status: 403,
    message: 'We could not verify your identity. Please resubmit your ID.',
  },
  IDENTITY_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The identity verification service could not be reached. Please try again in a moment.',
  },

  // Protocol-level outcomes every endpoint shares.
  INVALID_REQUEST: { status: 400, message: 'Some of the information sent is not valid. Please check and try again.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  NOT_FOUND: { status: 404, message: 'We could not find what you were looking for.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  /** A body past its route's limit (1 MiB for JSON), or past nginx's 16 MiB in front of the instances: same answer. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** A body in a content type the route has no parser for (text/plain or XML where JSON is expected). */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This kind of content is not accepted here. Please send JSON.' },
  /** A path segment past the router's limit (100 characters): no id or slug of ours is that long. */
  URI_TOO_LONG: { status: 414, message: 'The address is too long.' },
  /** Headers past Node's limit (16 KiB), refused by its HTTP parser before the app sees the request. */
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  /** The request did not arrive in full within the server's time limit. */
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive. Please try again.' },
  /** A request that grants something of value (a console ticket grant) must carry a key: a retried click cannot grant twice. */
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    message: 'This request needs an Idempotency-Key header, so that sending it again cannot do it twice.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This request key was already used for a different request.',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    message: 'This request is still being processed. Please wait a moment before trying again.',
  },
  COUNTRY_RESTRICTED: { status: 499, message: 'Our service is not available in your country or region.' },
  MESSAGE_DELIVERY_FAILED: { status: 502, message: 'We could not send the message. Please try again in a moment.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again in a moment.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again shortly.' },
  /** `GET /v1/drops/{id}/live` past the instance's cap on watchers (DROP_LIVE_MAX_WATCHERS), with Retry-After. */
  LIVE_UPDATES_FULL: {
    status: 503,
    message:
      'Live updates are full right now. The page still refreshes on its own; live updates will come back shortly.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as TErrorCode[];

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** One field that failed validation, as listed in `details` of an INVALID_REQUEST answer. */
export interface TFieldError {
  field: string;
  message: string;
}

/** The failure body of every API answer. */
export interface TErrorBody {
  code: string;
  message: string;
  details?: TFieldError[];
}

/**
 * The message to show for a failed answer: the catalogue's wording by `code` (or `error`, which older clients
 * and providers send), falling back to the body's own `message` (spec section 8).
 */
export function messageForError(body: unknown, fallback: string = errorCatalogue.INTERNAL_ERROR.message): string {
  if (body && typeof body === 'object') {
    const { code, error, message } = body as { code?: unknown; error?: unknown; message?: unknown };
    if (isErrorCode(code)) return errorCatalogue[code].message;
    if (isErrorCode(error)) return errorCatalogue[error].message;
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return fallback;
}
