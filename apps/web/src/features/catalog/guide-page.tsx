import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { guideSections } from './guide-sections.tsx';
import styles from './components/guide-page.module.css';

/** `/guide`: how the product works, one short section per feature, each with an anchor (`/guide#fuse`). */
export default function GuidePage() {
  return (
    <div className="container">
      <PageMeta
        title="Guide"
        description="How to sign up, buy drops, open packs, fuse collectibles, check in, redeem codes, and add or withdraw funds."
      />
      <PageHeader
        eyebrow="How it works"
        title="Guide"
        lead="Everything you can do here, in a few steps each. New to digital collectibles? Start at the top."
      />
      <div className={styles.layout}>
        <nav aria-label="Guide sections" className={styles.toc}>
          <p className={styles.tocTitle}>On this page</p>
          <ol className={styles.tocList}>
            {guideSections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.sections}>
          {guideSections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className={styles.section}>
              <span className={styles.icon} aria-hidden="true">
                <Icon name={section.icon} size={22} />
              </span>
              <div className={styles.body}>
                <h2 id={section.id} className={styles.heading}>
                  {section.title}
                </h2>
                <p className={styles.intro}>{section.intro}</p>
                <ol className={styles.steps}>
                  {section.steps.map((step, stepIndex) => (
                    <li key={stepIndex}>{step}</li>
                  ))}
                </ol>
                {section.note ? (
                  <p className={styles.note}>
                    <Icon name="info" size={18} />
                    <span>{section.note}</span>
                  </p>
                ) : null}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
