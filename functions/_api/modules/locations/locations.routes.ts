// /v1/locations: popular cities, region search (KV-cached) and the in-process geocoder (seed §7 "Locations").
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { geocodeAddressBody, geocodeLocationsBody, geocodeLocationsQuery, regionsQuery } from '#shared/schemas/locations.schema';
import { geocodeAddress, lookupRegions, popularCityList, regionLookup, regionsWithinDistance, toFeatureCollection } from './locations.service';

export const locationRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const data = await popularCityList(c.get('deps').db);
    return c.json({ data });
  })

  .get('/regions', valid('query', regionsQuery), async (c) => {
    const lookup = regionLookup(c.req.valid('query'));
    const data = await lookupRegions(c.get('deps'), lookup, requestLocale(c));
    return c.json({ data });
  })

  .post('/geocode/address', valid('json', geocodeAddressBody), async (c) => {
    const { address } = c.req.valid('json');
    const data = await geocodeAddress(c.get('deps').db, address);
    return c.json({ data });
  })

  .post('/geocode/locations', valid('query', geocodeLocationsQuery), valid('json', geocodeLocationsBody), async (c) => {
    const { geojson } = c.req.valid('query');
    const input = c.req.valid('json');
    const items = await regionsWithinDistance(c.get('deps').db, input);
    if (geojson === '1' || geojson === 'true') return c.json(toFeatureCollection(items, input.driving_distance));
    // "driving_distance" is the seed's name; the distances are straight-line estimates, and the response says so.
    return c.json({ data: items, distance_method: 'straight_line' as const, driving_distance: input.driving_distance });
  });
