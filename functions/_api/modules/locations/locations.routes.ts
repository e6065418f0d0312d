// /v1/locations: popular cities, region search (KV-cached) and the in-process geocoder (seed §7 "Locations").
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { geocodeAddressBody, geocodeLocationsBody, geocodeLocationsQuery, parseRegionsQuery } from './locations.schema';
import { geocodeAddress, lookupRegions, popularCityList, regionsWithinDistance, toFeatureCollection } from './locations.service';

export const locationRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const data = await popularCityList(c.get('deps').db);
    return c.json({ data });
  })

  .get('/regions', async (c) => {
    const lookup = parseRegionsQuery(c.req.query());
    const data = await lookupRegions(c.get('deps'), lookup, requestLocale(c));
    return c.json({ data });
  })

  .post('/geocode/address', async (c) => {
    const { address } = parse(geocodeAddressBody, await readJson(c));
    const data = await geocodeAddress(c.get('deps').db, address);
    return c.json({ data });
  })

  .post('/geocode/locations', async (c) => {
    const { geojson } = parse(geocodeLocationsQuery, c.req.query());
    const input = parse(geocodeLocationsBody, await readJson(c));
    const items = await regionsWithinDistance(c.get('deps').db, input);
    if (geojson === '1' || geojson === 'true') return c.json(toFeatureCollection(items, input.driving_distance));
    // "driving_distance" is the seed's name; the distances are straight-line estimates, and the response says so.
    return c.json({ data: items, distance_method: 'straight_line' as const, driving_distance: input.driving_distance });
  });
