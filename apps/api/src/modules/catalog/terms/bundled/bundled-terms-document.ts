import type { TTermsSection, TTermsType } from '@cypher/contract';

/** A legal document as it ships in the code; `{{brand}}` is replaced by BRAND_NAME when served. */
export interface BundledTermsDocument {
  type: TTermsType;
  version: string;
  title: string;
  effectiveAt: Date;
  sections: TTermsSection[];
}
