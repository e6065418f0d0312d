// The exceptions to the architecture rules (graph.ts). Every entry is an import that exists today; an entry that no
// longer matches an import fails the test, so these lists only shrink. Do not add to the PENDING lists: put shared
// code in shared/ (reached as #shared/*), call another module through its *.service.ts, and share web pieces through
// components/, lib/ or state/.
import type { Exceptions } from './graph';

export const EXCEPTIONS: Exceptions = {
  pendingWebToServer: [],
  featureImports: [
    // The admin's booking pages show a booking with the parts the customer's and chef's booking pages use.
    'admin -> bookings',
    // Onboarding is the chef area's first run: its steps are the chef area's own forms, API hooks and states.
    'onboarding -> chef-area',
  ],
  pendingModuleInternals: [],
  allowedCycles: [
    // Users and their pictures reference each other in the database (users.avatar_image_id, images.owner_user_id),
    // so their drizzle tables do too.
    'functions/_api/db/schema/files.ts, functions/_api/db/schema/users.ts',
  ],
};
