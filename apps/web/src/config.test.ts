import { describe, expect, it } from 'vitest';
import { readAppConfig } from './config.ts';

describe('readAppConfig', () => {
  it('falls back to the default brand and leaves every service off when nothing was injected', () => {
    const config = readAppConfig(undefined);
    expect(config.brandName).toBe('Cypher');
    expect(config.publicUrl).toBe(window.location.origin);
    expect(config.sentryDsn).toBeUndefined();
    expect(config.tagManagerId).toBeUndefined();
    expect(config.gaMeasurementId).toBeUndefined();
    expect(config.amplitudeApiKey).toBeUndefined();
  });

  it('takes the values the API injected and treats empty strings and nulls as absent', () => {
    const config = readAppConfig({
      brandName: 'Nightfall',
      publicUrl: 'https://nightfall.example/',
      environment: 'production',
      gaMeasurementId: 'G-TEST123',
      sentryDsn: '',
      amplitudeApiKey: null,
    });
    expect(config).toMatchObject({
      brandName: 'Nightfall',
      publicUrl: 'https://nightfall.example',
      environment: 'production',
      gaMeasurementId: 'G-TEST123',
    });
    expect(config.sentryDsn).toBeUndefined();
    expect(config.amplitudeApiKey).toBeUndefined();
  });

  it('ignores a malformed injection instead of failing to start', () => {
    expect(readAppConfig({ brandName: 42 }).brandName).toBe('Cypher');
  });

  it('takes the CYP unit’s decimals the API set, 0 to 6, and 2 for anything else', () => {
    expect(readAppConfig({ cypMinorUnits: 0 }).cypMinorUnits).toBe(0);
    expect(readAppConfig({ cypMinorUnits: 6 }).cypMinorUnits).toBe(6);
    for (const malformed of [undefined, '0', 7, 1.5, -1]) {
      expect(readAppConfig({ cypMinorUnits: malformed }).cypMinorUnits).toBe(2);
    }
  });
});
