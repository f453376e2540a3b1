import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The part of the browser's Web Animations API read here (the journeys compile without the DOM's types). */
interface AnimatedDocument {
  getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations?: number } } | null }>;
}

/**
 * Waits until every finite animation and transition on the page has finished: a dialog rising, a list fading back
 * from its loading opacity. axe measures contrast with the opacity of the moment, so a check in the middle of a
 * fade would report text the person never sees that faint. Endless ones (a spinner, a live dot) never finish and
 * are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  // A function, not a string: the app's Content-Security-Policy forbids the eval a string predicate needs.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** DESIGN.md: an automated check finds no serious (or critical) violations on the journeys' pages. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  // axe.run in the page itself. The default (runPartial in each frame, then finishRun in a blank page it opens, with
  // axe injected again there) is for cross-origin frames, which no page here has; under load it doubled every check
  // (26 s of a CI run's 120 s journey went to one, half of it the blank page).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `accessibility on ${label}`).toEqual([]);
}
