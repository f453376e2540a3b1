import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import styles from './newsletter-box.module.css';

/**
 * Placeholder for the newsletter subscription (POST /subscribe, users domain). It is shown, disabled and labelled
 * as not open yet, so the page reads as finished without pretending to take an address it cannot keep.
 */
export function NewsletterBox() {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="newsletter-heading">
      <div className={styles.box}>
        <div className={styles.copy}>
          <h2 id="newsletter-heading" className={styles.heading}>
            Be first in line
          </h2>
          <p className={styles.body}>Hear about new drops and brands before they open.</p>
        </div>
        <form onSubmit={(event) => event.preventDefault()}>
          <Field label="Email address" hint="Newsletter sign-up opens with the first drop.">
            {(control) => (
              <div className={styles.row}>
                <Input
                  {...control}
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  disabled
                />
                <Button type="submit" variant="primary" size="lg" disabled>
                  Notify me
                </Button>
              </div>
            )}
          </Field>
        </form>
      </div>
    </section>
  );
}
