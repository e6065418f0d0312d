// The LCP baseline: the same React and react-dom production build as the client, rendering a heading and a
// paragraph, with nothing else (no router, no data, no styles).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Book a private chef near you</h1>
      <p>Local chefs cook a menu of their own at your place or theirs, for birthdays, dinner parties and every occasion.</p>
    </main>
  </StrictMode>,
);
