import type { TProduct } from '@cypher/contract';
import { Link } from 'react-router';
import { brandPath, collectionProductsPath, licensePath } from '../../../lib/catalog-paths.ts';
import styles from './product-facts.module.css';

/** Where a product comes from and how it is filed: brand, collection, license, category and tags, each a way on. */
export function ProductFacts({ product }: { product: TProduct }) {
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt>Brand</dt>
        <dd>
          <Link to={brandPath(product.brand)}>{product.brand.name}</Link>
        </dd>
      </div>
      {product.collection ? (
        <div className={styles.fact}>
          <dt>Collection</dt>
          <dd>
            <Link to={collectionProductsPath({ id: product.collection.id, brandId: product.brand.id })}>
              {product.collection.name}
            </Link>
          </dd>
        </div>
      ) : null}
      {product.license ? (
        <div className={styles.fact}>
          <dt>License</dt>
          <dd>
            <Link to={licensePath(product.license)}>{product.license.name}</Link>
          </dd>
        </div>
      ) : null}
      {product.category ? (
        <div className={styles.fact}>
          <dt>Category</dt>
          <dd>
            <Link to={{ pathname: '/products', search: `?category=${product.category.id}` }}>
              {product.category.name}
            </Link>
          </dd>
        </div>
      ) : null}
      {product.tags.length > 0 ? (
        <div className={`${styles.fact} ${styles.wide}`}>
          <dt>Tags</dt>
          <dd>
            <ul className={styles.tags}>
              {product.tags.map((tag) => (
                <li key={tag.id}>
                  <Link className={styles.tag} to={{ pathname: '/products', search: `?tag=${tag.id}` }}>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The product's traits ("Background: Neon") as a two-column table. */
export function ProductProperties({ properties }: { properties: TProduct['properties'] }) {
  if (properties.length === 0) return <p className={styles.none}>This product has no properties.</p>;
  return (
    <table className={styles.properties}>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Trait</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {properties.map((property) => (
          <tr key={`${property.traitType}:${property.value}`}>
            <th scope="row">{property.traitType}</th>
            <td>{property.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
