/**
 * A collector's public profile (issue 17; spec section 2 has no such route): linked from an NFT's owner, My
 * Collection and the account menu, so it lives here rather than in one feature.
 */
export function publicProfilePath(userId: string): string {
  return `/users/${userId}`;
}
