import { appConfig } from '../config.ts';
import styles from './brand-logo.module.css';

interface BrandLogoProps {
  /** Hide the word mark where space is tight; the name is still read out. */
  isMarkOnly?: boolean;
  size?: number;
}

/** The mark is a frame holding a gem: the collectible in its gallery. The name comes from configuration. */
export function BrandLogo({ isMarkOnly = false, size = 28 }: BrandLogoProps) {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="28" height="28" rx="8" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M16 8.5l6.5 7.5-6.5 7.5-6.5-7.5z" fill="currentColor" />
      </svg>
      {isMarkOnly ? <span className="visually-hidden">{appConfig.brandName}</span> : appConfig.brandName}
    </span>
  );
}
