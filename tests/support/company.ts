// The company's details for the admin settings and the bank files, one definition for the API and the web tests
// (a module of its own: the web tests do without the harness that admin-fixtures.ts brings).

/** The company's details as an admin enters them (the debtor of the bank files): spaced IBAN, UID with MWST. */
export const COMPANY = {
  name: 'YourLocalChef GmbH',
  street: 'Bahnhofstrasse 1',
  postcode: '8001',
  city: 'Zürich',
  country: 'CH',
  vatId: 'CHE-109.322.551 MWST',
  iban: 'CH56 0483 5012 3456 7800 9',
  bic: 'CRESCHZZ80A',
  email: 'info@yourlocalchef.ch',
};
