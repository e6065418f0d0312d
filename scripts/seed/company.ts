// The demo's company, in a module of its own (no database, no seed machinery), so the tests take the same details:
// the seed stores it for the demo marketplace, tests/support/company.ts types it into the settings form.
import type { Company } from '../../functions/_api/modules/settings/settings.service';

/** The demo's company, as an admin would enter it in the settings (stored normalised, as the settings save it). */
export const DEMO_COMPANY: Company = {
  name: 'YourLocalChef GmbH',
  street: 'Bahnhofstrasse 1',
  postcode: '8001',
  city: 'Zürich',
  country: 'CH',
  vatId: 'CHE-109.322.551 MWST',
  iban: 'CH5604835012345678009',
  bic: 'CRESCHZZ80A',
  email: 'info@yourlocalchef.ch',
};
