import { ZDiscordLink, type TDiscordLink, type TDiscordLinkRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /v1/discords/link` with what Discord sent back to the callback page. */
export async function linkDiscord(body: TDiscordLinkRequest): Promise<TDiscordLink> {
  return ZDiscordLink.parse(await apiRequest('POST', '/discords/link', { body, auth: true }));
}
