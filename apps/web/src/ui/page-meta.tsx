import { pageTitle } from '@cypher/contract';
import { appConfig } from '../config.ts';

interface PageMetaProps {
  /** The page's own name; the brand is appended. Leave out on the home page for the product title. */
  title?: string;
  description?: string;
}

/** React 19 hoists these into <head> and puts this <title> ahead of index.html's, so it is the one that counts. */
export function PageMeta({ title, description }: PageMetaProps) {
  return (
    <>
      <title>{pageTitle(appConfig.brandName, title)}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
