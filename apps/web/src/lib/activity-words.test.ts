import { describe, expect, it } from 'vitest';
import { activityActorWords } from './activity-words.ts';

// Walk, session 55: an airdropped edition's history read "Airdropped · by Mika", as if the collector who received it
// had sent it; the person an airdrop or a check-in reward names is who received it.
describe('who an activity names', () => {
  it('names who received an airdrop or a check-in reward with "to"', () => {
    expect(activityActorWords('AIRDROPPED', { nickname: 'Mika' })).toBe('to Mika');
    expect(activityActorWords('REWARDED', { nickname: null })).toBe('to a collector');
  });

  it('names who did the rest with "by", and no one when the activity has no person', () => {
    expect(activityActorWords('PURCHASED', { nickname: 'Mika' })).toBe('by Mika');
    expect(activityActorWords('REDEEMED', { nickname: 'Mika' })).toBe('by Mika');
    expect(activityActorWords('MINTED', null)).toBeNull();
  });
});
