import { useLocation, useNavigate } from 'react-router';
import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import styles from './terms-page.module.css';

/** Spec section 2: `/terms#{section}`, opening on the terms of service when no section is named. */
const sections = [
  { id: 'tos', title: 'Terms of service' },
  { id: 'privacy', title: 'Privacy policy' },
  { id: 'cookie', title: 'Cookie policy' },
] as const;

type SectionId = (typeof sections)[number]['id'];
const DEFAULT_SECTION: SectionId = 'tos';

function sectionFromHash(hash: string): SectionId {
  const wanted = hash.replace(/^#/, '');
  return sections.find((section) => section.id === wanted)?.id ?? DEFAULT_SECTION;
}

export default function TermsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selected = sectionFromHash(hash);

  return (
    <ComingSoonPage
      name="Terms and policies"
      purpose="Read the terms of service, the privacy policy and the cookie policy."
    >
      <Tabs
        className={styles.terms}
        label="Terms and policies"
        value={selected}
        onValueChange={(id) => void navigate({ hash: id }, { replace: true, preventScrollReset: true })}
        items={sections.map((section) => ({
          id: section.id,
          label: section.title,
          panel: (
            <section className={styles.section}>
              {/* The heading carries the anchor, so /terms#privacy lands on it. */}
              <h2 id={section.id} className={styles.heading}>
                {section.title}
              </h2>
              <p className={styles.body}>
                The full text of our {section.title.toLowerCase()} will be published here before sign-up opens.
              </p>
            </section>
          ),
        }))}
      />
    </ComingSoonPage>
  );
}
