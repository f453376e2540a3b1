import { describe, expect, it } from 'vitest';
import { consoleDrop, consoleDropIds, dropRequest, publishingDrop } from '../../../test/console-drops-fixtures.ts';
import { consoleDropRefreshAfter, LIVE_DROP_REFRESH_MS, PUBLISHING_REFRESH_MS } from './get-console-drop.ts';

const request = dropRequest({
  visibleAt: '2026-11-20T00:00:00.000Z',
  dropBeginAt: '2026-11-22T18:00:00.000Z',
  dropEndAt: '2026-11-24T18:00:00.000Z',
});
const published = consoleDrop(consoleDropIds.live, request, { publicationStatus: 'PUBLISHED' });
const at = (iso: string) => new Date(iso);

describe('consoleDropRefreshAfter', () => {
  it('reads a published drop again every few seconds while it is on sale, from its first instant to its last', () => {
    expect(consoleDropRefreshAfter(published, at('2026-11-22T18:00:00.000Z'))).toBe(LIVE_DROP_REFRESH_MS);
    expect(consoleDropRefreshAfter(published, at('2026-11-24T17:59:59.999Z'))).toBe(LIVE_DROP_REFRESH_MS);
  });

  it('waits for an upcoming drop to open, then reads it at that moment', () => {
    expect(consoleDropRefreshAfter(published, at('2026-11-22T17:00:00.000Z'))).toBe(3_600_000);
    expect(consoleDropRefreshAfter(published, at('2026-11-19T00:00:00.000Z'))).toBe(3 * 86_400_000 + 18 * 3_600_000);
    // Never sooner than the live pace, and never longer than a timer can wait.
    expect(consoleDropRefreshAfter(published, at('2026-11-22T17:59:59.000Z'))).toBe(LIVE_DROP_REFRESH_MS);
    expect(consoleDropRefreshAfter(published, at('2026-01-01T00:00:00.000Z'))).toBe(2_147_483_647);
  });

  it('reads a drop being published again every two seconds, whatever its times', () => {
    const publishing = publishingDrop(consoleDrop(consoleDropIds.live, request), 10);
    expect(consoleDropRefreshAfter(publishing, at('2026-11-19T00:00:00.000Z'))).toBe(PUBLISHING_REFRESH_MS);
    expect(consoleDropRefreshAfter(publishing, at('2026-11-25T00:00:00.000Z'))).toBe(PUBLISHING_REFRESH_MS);
  });

  it('leaves drafts, ended drops and a drop not read yet alone', () => {
    expect(consoleDropRefreshAfter(consoleDrop(consoleDropIds.live, request), at('2026-11-23T00:00:00.000Z'))).toBe(
      false,
    );
    expect(consoleDropRefreshAfter(published, at('2026-11-24T18:00:00.000Z'))).toBe(false);
    expect(consoleDropRefreshAfter(undefined, at('2026-11-23T00:00:00.000Z'))).toBe(false);
  });
});
