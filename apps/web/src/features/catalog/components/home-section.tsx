import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { SectionHeader } from './section-header.tsx';
import styles from './home-sections.module.css';

interface HomeSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  headingId: string;
  eyebrow: string;
  title: string;
  lead: string;
  /** The whole list this section shows the start of: "All brands" to /brands. */
  seeAll: { to: string; label: string };
  children: ReactNode;
}

/** A section of the home page that shows the first few of a list, under its header and a link to all of it. */
export function HomeSection({ headingId, seeAll, children, ...header }: HomeSectionProps) {
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        {...header}
        action={
          <ButtonLink to={seeAll.to} variant="ghost">
            {seeAll.label}
            <Icon name="arrow-right" size={18} />
          </ButtonLink>
        }
      />
      {children}
    </section>
  );
}
