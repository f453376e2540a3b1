import { describe, expect, it } from 'vitest';
import { countries, countriesByName } from './countries.ts';

describe('countriesByName', () => {
  it('lists every country by name, as a picker shows them, not by ISO code', () => {
    expect(countriesByName).toHaveLength(countries.length);
    expect(countriesByName.slice(0, 4).map((country) => country.name)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
      'Algeria',
    ]);
    expect(countriesByName.at(-1)?.name).toBe('Zimbabwe');
    const names = countriesByName.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keeps the code order of `countries`', () => {
    expect(countries.slice(0, 3).map((country) => country.code)).toEqual(['AD', 'AE', 'AF']);
  });
});
