import { performerOptionSets } from '@limelight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('lookups', () => {
  it('lists about 250 countries with code, capital, region, currency, language and flag', async () => {
    const response = await app.inject('/api/countries/list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const countries = response.json() as Array<{ code: string; region: string; flag: string; currency: unknown }>;
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.length).toBeLessThanOrEqual(255);
    expect(countries.find((country) => country.code === 'US')).toEqual({
      name: 'United States',
      code: 'US',
      capital: 'Washington D.C.',
      region: 'NA',
      currency: { code: 'USD', name: 'United States dollar', symbol: '$' },
      language: { code: 'en', name: 'English', nativeName: 'English' },
      flag: '/api/flags/us.svg',
    });
    expect(countries.find((country) => country.code === 'DE')).toMatchObject({
      region: 'EU',
      language: { code: 'de', nativeName: 'Deutsch' },
    });
    expect(countries.find((country) => country.code === 'AQ')).toMatchObject({ region: 'AN', currency: null });
    for (const country of countries) expect(['AS', 'EU', 'AF', 'OC', 'NA', 'SA', 'AN', 'Americas', '']).toContain(country.region);
  });

  it('serves each flag as SVG from the flags folder', async () => {
    const flag = await app.inject('/api/flags/us.svg');
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toContain('image/svg+xml');
    expect(flag.body).toContain('<svg');
    expect((await app.inject('/api/flags/zz.svg')).statusCode).toBe(404);
    expect((await app.inject('/api/flags/..%2F..%2Fpackage.json')).statusCode).toBe(400);
  });

  it('lists the states of a country and the cities of a state', async () => {
    const states = (await app.inject('/api/states/us')).json() as Array<{ code: string; name: string }>;
    expect(states.find((state) => state.code === 'CA')).toEqual({ code: 'CA', name: 'California' });
    const cities = (await app.inject('/api/cities/US/CA')).json() as Array<{ name: string }>;
    expect(cities.length).toBeGreaterThan(500);
    expect(cities.some((city) => city.name === 'San Francisco')).toBe(true);
  });

  it('answers 404 for an unknown country or state and 400 for a malformed code', async () => {
    expect((await app.inject('/api/states/ZZ')).statusCode).toBe(404);
    expect((await app.inject('/api/cities/US/ZZZ')).statusCode).toBe(404);
    const malformed = await app.inject('/api/states/usa');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('country');
  });

  it('lists languages with native names and phone codes', async () => {
    const languages = (await app.inject('/api/languages/list')).json() as Array<{ code: string; nativeName: string }>;
    expect(languages.find((language) => language.code === 'fr')).toEqual({ code: 'fr', name: 'French', nativeName: 'Français' });
    const phoneCodes = (await app.inject('/api/phone-codes/list')).json() as Array<{ countryCode: string; code: string }>;
    expect(phoneCodes).toContainEqual({ code: '+44', name: 'United Kingdom', countryCode: 'GB' });
  });

  it('serves the performer option sets exactly as the contracts define them', async () => {
    const response = await app.inject('/api/user-additional');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(performerOptionSets)));
    expect(response.json().genders).toContainEqual({ value: 'transgender', label: 'Trans' });
  });
});
