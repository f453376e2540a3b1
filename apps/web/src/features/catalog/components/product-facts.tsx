import type { TProduct } from '@cypher/contract';
import { Link } from 'react-router';
import { brandPath, collectionPath, licensePath } from '../../../lib/catalog-paths.ts';
import { Fact, Facts } from '../../../ui/facts.tsx';
import styles from './product-facts.module.css';

/** Where a product comes from and how it is filed: brand, collection, license, category and tags, each a way on. */
export function ProductFacts({ product }: { product: TProduct }) {
  return (
    <Facts>
      <Fact term="Brand">
        <Link to={brandPath(product.brand)}>{product.brand.name}</Link>
      </Fact>
      {product.collection ? (
        <Fact term="Collection">
          <Link to={collectionPath(product.collection)}>{product.collection.name}</Link>
        </Fact>
      ) : null}
      {product.license ? (
        <Fact term="License">
          <Link to={licensePath(product.license)}>{product.license.name}</Link>
        </Fact>
      ) : null}
      {product.category ? (
        <Fact term="Category">
          <Link to={{ pathname: '/products', search: `?category=${product.category.id}` }}>
            {product.category.name}
          </Link>
        </Fact>
      ) : null}
      {product.tags.length > 0 ? (
        <Fact term="Tags" isWide>
          <ul className={styles.tags}>
            {product.tags.map((tag) => (
              <li key={tag.id}>
                <Link className={styles.tag} to={{ pathname: '/products', search: `?tag=${tag.id}` }}>
                  {tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
    </Facts>
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
