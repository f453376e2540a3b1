import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useTerms } from './api/get-terms.ts';
import styles from './terms-page.module.css';

/**
 * Spec section 2: `/terms#{section}`, opening on the terms of service when no section is named. Each document's
 * first section carries the document's own anchor (`#tos`, `#privacy`, `#cookie`), the others `#tos-account`...
 */
const documents = [
  { id: 'tos', title: 'Terms of service' },
  { id: 'privacy', title: 'Privacy policy' },
  { id: 'cookie', title: 'Cookie policy' },
] as const;

type DocumentId = (typeof documents)[number]['id'];
const DEFAULT_DOCUMENT: DocumentId = 'tos';

/** `#privacy-rights` opens the privacy policy (and scrolls to that section); anything unknown opens the terms. */
function documentFromHash(hash: string): DocumentId {
  const wanted = hash.replace(/^#/, '');
  return (
    documents.find((document) => wanted === document.id || wanted.startsWith(`${document.id}-`))?.id ?? DEFAULT_DOCUMENT
  );
}

function TermsDocument({ type, hash }: { type: DocumentId; hash: string }) {
  const { data, isPending, error, refetch, isRefetching } = useTerms(type);

  // Once the text is there, bring the named section into view (the browser could not: it was not rendered yet).
  useEffect(() => {
    const id = hash.replace(/^#/, '');
    if (!data || !id || id === type) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [data, hash, type]);

  if (isPending) {
    return (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading">
        <Skeleton height="32px" width="60%" />
        <Skeleton height="18px" width="40%" />
        <Skeleton height="160px" />
      </div>
    );
  }
  if (error) {
    return (
      <ErrorState
        title="We could not load this document"
        error={error}
        onRetry={() => void refetch()}
        isRetrying={isRefetching}
      />
    );
  }
  return (
    <article className={styles.document} aria-labelledby={`${type}-title`}>
      <header className={styles.documentHeader}>
        <h2 id={`${type}-title`} className={styles.heading}>
          {data.title}
        </h2>
        <p className={styles.meta}>
          Version {data.version} · Effective {formatDate(data.effectiveAt)}
        </p>
      </header>
      {data.sections.map((section) => (
        <section key={section.id} className={styles.section}>
          <h3 id={section.id} className={styles.sectionTitle}>
            {section.title}
          </h3>
          {section.body.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className={styles.body}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export default function TermsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selected = documentFromHash(hash);

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Terms and policies"
        description="The terms of service, the privacy policy and the cookie policy."
      />
      <header className={styles.intro}>
        <h1 className={styles.title}>Terms and policies</h1>
        <p className={styles.lead}>What you agree to when you use the marketplace, and how we handle your data.</p>
      </header>
      <Tabs
        className={styles.terms}
        label="Terms and policies"
        value={selected}
        onValueChange={(id) => void navigate({ hash: id }, { replace: true, preventScrollReset: true })}
        items={documents.map((document) => ({
          id: document.id,
          label: document.title,
          panel: document.id === selected ? <TermsDocument type={document.id} hash={hash} /> : null,
        }))}
      />
    </div>
  );
}
