import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { getStored, setStored } from '../../lib/storage.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import styles from './onboarding-page.module.css';

interface OnboardingStep {
  icon: IconName;
  eyebrow: string;
  title: string;
  body: string;
}

// The product's three verbs (spec section 1), one screen each.
const onboardingSteps: OnboardingStep[] = [
  {
    // A pack, not a picture frame: a framed picture reads as an image that has not loaded.
    icon: 'package',
    eyebrow: 'Collect',
    title: 'Collect the brands you love',
    body: 'Buy packs in limited drops, passes and tickets. Every edition you own lands in your collection, sorted by brand.',
  },
  {
    icon: 'flame',
    eyebrow: 'Evolve',
    title: 'Evolve through fusion',
    body: 'Burn the collectibles a fusion asks for and get something new and rarer in return.',
  },
  {
    icon: 'users',
    eyebrow: 'Collaborate',
    title: 'Join the community',
    body: 'Connect Discord, check in every day for rewards and redeem codes with 15,000+ members.',
  },
];

/**
 * `/onboarding`: a three-step introduction, shown once after a profile is created. Done or Skip sets the
 * onboarding-completed flag (a device preference, kept across sign-outs) and goes on to `redirectTo` (the page the
 * new collector had asked for) or home; someone who has seen it is told so, and may take it again.
 */
export default function OnboardingPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isCompleted] = useState(() => getStored('onboardingCompleted') === true);
  const [isRetaking, setIsRetaking] = useState(false);
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function finish() {
    setStored('onboardingCompleted', true);
    void navigate(safeRedirectPath(searchParams.get('redirectTo')));
  }

  function goTo(next: number) {
    setIndex(next);
    // Keep keyboard and screen-reader users on the new step's words, not on a button that moved.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  if (isCompleted && !isRetaking) {
    return (
      <div className={`container ${styles.page}`}>
        <PageMeta title="Welcome" />
        <EmptyState
          titleAs="h1"
          icon="check"
          title="You've seen the introduction"
          body="You already know the way around: collect in drops, evolve through fusion, and collaborate with the community."
          action={
            <>
              <ButtonLink to="/" variant="primary">
                Go home
              </ButtonLink>
              <Button variant="secondary" onClick={() => setIsRetaking(true)}>
                Show it again
              </Button>
            </>
          }
        />
      </div>
    );
  }

  const step = onboardingSteps[index] ?? onboardingSteps[0]!;
  const isLast = index === onboardingSteps.length - 1;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Welcome" />
      <section className={styles.card} aria-labelledby="onboarding-title">
        <div className={styles.art} aria-hidden="true">
          <span className={styles.artGlow} />
          <span key={index} className={styles.artIcon}>
            <Icon name={step.icon} size={56} />
          </span>
        </div>
        <div className={styles.copy}>
          <p className={styles.progress}>
            Step {index + 1} of {onboardingSteps.length}
          </p>
          <p className={styles.eyebrow}>{step.eyebrow}</p>
          <h1 id="onboarding-title" ref={headingRef} tabIndex={-1} className={styles.title}>
            {step.title}
          </h1>
          <p className={styles.body}>{step.body}</p>
          <ol className={styles.dots} aria-hidden="true">
            {onboardingSteps.map((item, dotIndex) => (
              <li key={item.eyebrow} className={dotIndex === index ? styles.dotActive : styles.dot} />
            ))}
          </ol>
          <div className={styles.actions}>
            {isLast ? null : (
              <Button variant="ghost" size="lg" onClick={finish}>
                Skip
              </Button>
            )}
            {index > 0 ? (
              <Button variant="secondary" size="lg" onClick={() => goTo(index - 1)}>
                Back
              </Button>
            ) : null}
            {isLast ? (
              <Button variant="primary" size="lg" onClick={finish}>
                Done
              </Button>
            ) : (
              <Button variant="primary" size="lg" onClick={() => goTo(index + 1)}>
                Next
                <Icon name="arrow-right" size={18} />
              </Button>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
