// The company's details for the admin settings and the bank files, one definition for the API and the web tests
// (a module of its own: the web tests do without the harness that admin-fixtures.ts brings). They are the seed's
// demo company (scripts/seed/company.ts), so there is one source.
import { DEMO_COMPANY } from '../../scripts/seed/company';

/** The company's details as an admin enters them (the debtor of the bank files): the IBAN spaced in groups of four. */
export const COMPANY = { ...DEMO_COMPANY, iban: DEMO_COMPANY.iban.replace(/(.{4})(?=.)/g, '$1 ') };
