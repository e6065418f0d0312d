// English FAQ and content pages.
import { COMPANY as C, type LocaleContent } from './types';

export const en: LocaleContent = {
  faq: [
    {
      title: 'Booking a private chef',
      entries: [
        {
          title: 'How does booking a private chef work?',
          content: `1. **Search** for your town or postal code and choose the date, time and number of guests.
2. **Pick a menu** from a chef who is available that day. Every menu shows its courses, allergens and the price per person.
3. **Book**: tell the chef about the occasion, your kitchen and any dietary needs. Instant-book menus are confirmed as soon as you pay; for request menus the chef accepts first and you then pay to confirm.
4. **Enjoy**: the chef shops, cooks and serves at your place (or welcomes you at theirs) and leaves the kitchen clean.

After the event you can rate the chef and the menu.`,
        },
        {
          title: "What is included in the price?",
          content: `The price per person covers the **ingredients, the preparation and cooking on the day, serving the courses and cleaning up the kitchen** afterwards. Travel within the chef's service area is included too.

At checkout you see the full breakdown before you pay: the menu price for your group plus our **5% service fee**. There are no hidden extras. Drinks are only included when the menu says so.`,
        },
        {
          title: 'How many guests can I book for?',
          content: `Any group from **2 to 100 guests**, within the range the chef sets for each menu (for example 4–12 guests). Many menus get cheaper per person for larger groups, for example from 6 or from 12 guests; the menu page shows these prices.

If you expect more than 10 guests, mention in your message whether the chef should bring extra staff or tableware.`,
        },
        {
          title: "What is the difference between instant booking and a booking request?",
          content: `- **Instant booking**: the chef has opened the menu for direct booking. You pay at checkout and the booking is confirmed immediately.
- **Booking request**: the chef reviews your request first. They answer within 48 hours at the latest (and no later than 24 hours before the event). Once they accept, you have 48 hours to pay; only then is the date confirmed.

You are never charged for a request that the chef declines or does not answer.`,
        },
        {
          title: 'Can the chef cook at their own place?',
          content: `Yes, if the menu is offered **at the chef's place**: look for the option when you search or on the menu page. You then receive the address once the booking is confirmed. Otherwise the chef cooks **in your kitchen**; a standard household kitchen with an oven and four hobs is enough for almost every menu.`,
        },
      ],
    },
    {
      title: 'Payments and cancellation',
      entries: [
        {
          title: 'When am I charged?',
          content: `- For **instant-book** menus when you book.
- For **booking requests** only after the chef has accepted, when you complete the payment (within 48 hours of the acceptance).

Your card is charged once, for the total shown at checkout. The chef receives their earnings 48 hours after the event.`,
        },
        {
          title: 'Which payment methods can I use?',
          content: `We accept credit and debit cards (Visa, Mastercard, American Express), **Apple Pay** and **TWINT**. Payments are processed by our payment partner Stripe; we never see or store your full card number.`,
        },
        {
          title: 'What is the cancellation policy?',
          content: `You can cancel a confirmed booking from your booking page. Before you confirm, the page shows the exact refund:

- up to **14 days** before the event: **full refund**
- up to **72 hours** before the event: **50% refund**
- less than 72 hours before the event: no refund

Requests that have not been paid yet can be cancelled at any time, free of charge.`,
        },
        {
          title: 'What happens if the chef cancels?',
          content: `If a chef cancels a confirmed booking, you get a **full refund** automatically, including the service fee. We will also help you find another available chef for your date. Cancellations count against the chef's record on the platform.`,
        },
        {
          title: 'Which currency do I pay in?',
          content: `Menus are priced in the chef's currency: **CHF** for chefs in Switzerland, **EUR** for chefs in Germany. You can display prices in CHF, EUR, USD or GBP (choose in the language and currency menu), but you pay in the chef's currency. Your bank may apply its own exchange rate.`,
        },
      ],
    },
    {
      title: 'Becoming a chef',
      entries: [
        {
          title: 'Who can cook on YourLocalChef?',
          content: `Professional cooks, caterers and experienced home cooks who love hosting. You need to be of legal age, live in Switzerland or Germany, hold a **food-hygiene certificate** and a **liability insurance** that covers cooking at clients' homes, and be able to issue invoices or work as self-employed.`,
        },
        {
          title: 'How does the application work?',
          content: `Go to [Become a chef](/become-a-chef) and work through the steps; you can save and come back at any time:

1. personal details and phone verification
2. location, travel radius and the regions you serve
3. profile: bio, photo, cuisines, languages and experience
4. documents: ID, food-hygiene certificate, liability insurance
5. your first menu
6. payout details (account holder and IBAN)

Then submit your application. We usually review it within three working days and tell you what to fix if something is missing.`,
        },
        {
          title: 'What does it cost and how do I get paid?',
          content: `Joining is free. We deduct a **15% commission** from the menu total of each completed booking; you set your prices yourself. Your earnings are released **48 hours after the event ended** (the exact time is on each booking page, in the event's time zone), unless the customer reported a problem: then they wait until our team has decided, and you can answer the report on the booking page. Released earnings are paid out by bank transfer to the IBAN in your payout details. Your chef area shows upcoming releases and every past payout.`,
        },
        {
          title: 'What do the PRO and Signature badges mean?',
          content: `- **PRO** chefs have professional kitchen training or years of experience in restaurants or catering.
- **Signature** chefs are our most outstanding chefs: consistently excellent reviews and a distinctive, refined cooking style.

Our team awards the badges after reviewing a chef's background and track record.`,
        },
      ],
    },
    {
      title: 'Safety and hygiene',
      entries: [
        {
          title: 'How are chefs verified?',
          content: `Before a chef can accept bookings, our team checks their **identity document**, their **food-hygiene certificate** and their **liability insurance**, and verifies their phone number. Verified chefs show a *verified since* date on their profile. Reviews come only from guests who actually booked and paid.`,
        },
        {
          title: 'How are allergies and dietary needs handled?',
          content: `Every course lists its allergens (the 14 allergens declared under Swiss and EU law), and you can filter menus by diet and exclude allergens. When you book, state the diets and allergies **with the number of guests concerned**; the chef confirms they can cater for them. If in doubt, ask the chef in the booking's message thread before the event.`,
        },
        {
          title: 'Which hygiene standards do chefs follow?',
          content: `Chefs follow the principles of good hygiene practice (HACCP): they keep the cold chain during transport, separate raw and cooked foods, use clean equipment and work with fresh ingredients. Read more on our [food safety page](/page/foodsafety).`,
        },
        {
          title: 'What if something goes wrong?',
          content: `Report it on your booking page: after the dinner it shows **Report a problem** until **48 hours after the event ended** (the event counts as four hours from its start), and the exact deadline is written there in the event's time zone. Choose what went wrong, describe it and add up to three photos. The chef is told and can answer; our team reads both sides and decides: no refund, a partial refund or a full refund, paid back to your means of payment. The chef's earnings are released only when this window closes, and while a report is open they wait until we have decided. After the window, write to us at ${C.email}.`,
        },
      ],
    },
  ],
  pages: {
    contact: {
      title: 'Contact',
      content: `## We are here to help

For questions about a booking, please write to us from the booking page in your account; this way we have all the details at hand.

- **Customers and general questions:** ${C.email}
- **Chefs and applications:** ${C.chefsEmail}
- **Privacy:** ${C.privacyEmail}
- **Press and partnerships:** ${C.pressEmail}

We answer on working days within 24 hours, usually much faster.

## Address

${C.name}
${C.street}
${C.zipCity}
Switzerland

Many answers are already in our [FAQ](/help).`,
    },
    jobs: {
      title: 'Jobs',
      content: `## Work with us

We are a small team in Zürich bringing great chefs and their guests together. We care about food, about the people who cook it, and about building a product that simply works.

### Open positions

- **Full-stack engineer (80–100%)**, Zürich or remote within Switzerland: TypeScript, React, edge runtimes.
- **Chef community manager (60–80%)**, Zürich: you onboard new chefs, review applications and help them grow. Kitchen experience is a big plus.

### What we offer

Flexible hours, a real say in what we build, a yearly budget for training, and regular team dinners cooked by chefs from our community.

### How to apply

Send your CV and a few lines about yourself to ${C.jobsEmail}. No cover-letter templates please; tell us what you would like to work on.

*Want to cook with us instead? [Become a chef](/become-a-chef).*`,
    },
    foodsafety: {
      title: 'Food safety',
      content: `## Food safety at YourLocalChef

Good food starts with safe food. Every chef on our platform commits to these standards.

### Verified chefs

Before they can be booked, chefs provide an identity document, a valid **food-hygiene certificate** and **liability insurance**. Our team reviews these documents; chefs must keep them up to date.

### Hygiene in your kitchen

- Chefs work according to the principles of good hygiene practice and HACCP.
- Chilled and frozen ingredients are transported in cool boxes; the cold chain is not interrupted.
- Raw and cooked foods, and meat, fish and vegetables, are prepared on separate boards.
- Chefs wear clean work clothes, tie back long hair and wash their hands regularly.
- Leftovers are cooled quickly; the chef tells you how long they keep.

### Allergens and dietary needs

Every course declares the **14 allergens** defined by Swiss and EU food law: gluten, crustaceans, eggs, fish, peanuts, soy, milk, tree nuts, celery, mustard, sesame, sulphites, lupin and molluscs. Please state allergies and intolerances with the number of guests concerned when you book. Chefs cannot guarantee traces-free preparation in a private kitchen unless they confirm it explicitly.

### Reporting a problem

If you have a concern about hygiene or food safety, contact us within 48 hours after the event at ${C.email}. We take every report seriously and may suspend a chef while we investigate.`,
    },
    termsconditions: {
      title: 'Terms and conditions',
      content: `## General terms and conditions

*Version of 1 January 2025*

### 1. Scope

These terms govern the use of the YourLocalChef platform operated by ${C.name}, ${C.street}, ${C.zipCity} ("we"), by customers and chefs.

### 2. Our role

We provide a marketplace. The contract for the culinary service is concluded **directly between the customer and the chef**. We are not a party to it, but we process the payment on the chef's behalf and apply the cancellation policy below.

### 3. Accounts

You must be at least 18 years old and provide accurate information. Keep your password confidential; you are responsible for activity in your account. We may suspend accounts that breach these terms.

### 4. Bookings

A booking is binding once it is **confirmed**: for instant-book menus when the payment succeeds, for requests when the customer pays after the chef's acceptance. A chef who does not answer a request in time, or a customer who does not pay within 48 hours of acceptance, lets the request lapse without cost.

### 5. Prices and payment

Prices are shown per person in the chef's currency, including ingredients, preparation, service and cleaning. Customers pay a service fee of 5% of the menu total. Chefs pay a commission of 15% of the menu total. The price shown at checkout is final.

### 6. Cancellation

Customers may cancel a confirmed booking: full refund up to 14 days before the event, 50% up to 72 hours before, no refund afterwards. If the chef cancels, the customer receives a full refund. Force majeure remains reserved.

### 7. Obligations of chefs

Chefs hold the required hygiene certificate and liability insurance, declare the allergens of every course truthfully, comply with food-hygiene law and are responsible for their own taxes and social-security contributions.

### 8. Reviews

Only customers of a completed booking may review it, once, within 14 days. Reviews must be honest and free of insults; we may remove reviews that breach this rule. Chefs may reply once.

### 9. Liability

We are liable for intent and gross negligence only, to the extent permitted by law. The chef is liable for the culinary service and for damage caused while providing it.

### 10. Changes

We may amend these terms. Registered users are informed in advance by e-mail; bookings already confirmed remain subject to the version in force at the time of booking.

### 11. Applicable law and jurisdiction

Swiss law applies. Place of jurisdiction is Zürich, subject to mandatory consumer jurisdictions.`,
    },
    privacypolicy: {
      title: 'Privacy policy',
      content: `## Privacy policy

${C.name} ("we") is responsible for processing personal data on this platform. We process data in accordance with the Swiss Federal Act on Data Protection (FADP) and, where applicable, the EU General Data Protection Regulation (GDPR).

### What we process

- **Account data:** name, e-mail address, password (stored only as a secure hash), language and currency settings.
- **Booking data:** date, address of the event, number of guests, dietary needs and allergies you provide, messages with the chef.
- **Payment data:** processed by Stripe; we receive only the payment status and the last digits of the card.
- **Chef data:** profile, phone number, location and service area, documents submitted for verification, payout details (IBAN).
- **Technical data:** IP address, device and browser information, session cookies needed to keep you signed in.

### Why we process it

To provide the platform and your bookings, to process payments and payouts, to verify chefs, to prevent fraud and abuse, to send service messages and, only with your consent, the newsletter and usage analytics.

### Who receives it

The chef or customer of a booking receives the data needed to carry it out; contact details are shared only once a booking is confirmed. We use carefully selected processors: hosting and content delivery (Cloudflare), database hosting, payments (Stripe), e-mail and SMS delivery. Some of them process data outside Switzerland and the EU; we rely on adequacy decisions or standard contractual clauses.

### How long we keep it

For as long as your account exists and afterwards as required by law (accounting records: 10 years). Verification documents of chefs are deleted 6 months after the chef leaves the platform.

### Cookies and analytics

We use cookies that are strictly necessary for signing in. Analytics run only if you accept them in the cookie banner; you can change your choice at any time.

### Your rights

You may request access to, correction or deletion of your data, object to processing, withdraw consent and receive your data in a portable format. Write to ${C.privacyEmail}. You may also lodge a complaint with the Federal Data Protection and Information Commissioner (FDPIC) or your local supervisory authority.`,
    },
    legalnotice: {
      title: 'Legal notice',
      content: `## Legal notice

**${C.name}**
${C.street}
${C.zipCity}
Switzerland

E-mail: ${C.email}

**Managing director:** ${C.director}
**Commercial register:** ${C.register}
**Company number (UID):** ${C.uid}
**VAT number:** ${C.uid} MWST

### Disclaimer

We check the content of this website carefully but cannot guarantee that it is accurate, complete or up to date. Chefs are responsible for their profiles and menus. Links to third-party websites are outside our responsibility.

### Copyright

Texts, images and graphics on this website belong to ${C.name} or to the chefs who provided them. Any use requires prior written permission.`,
    },
    aboutus: {
      title: 'About us',
      content: `## Great food, cooked at your table

YourLocalChef started in Zürich with a simple idea: the best evenings happen at home, and there are wonderful chefs just around the corner. We bring them together.

### What we do

We connect you with independent chefs in Switzerland and Germany who cook for your birthday, an anniversary, a family reunion or a relaxed dinner with friends. You choose a menu, the chef shops, cooks, serves and cleans up, and you get to enjoy your own party.

### What we believe in

- **Chefs first.** Chefs set their menus and prices and keep 85% of every menu total. We pay them reliably, 48 hours after each event.
- **Transparency.** Prices, fees, allergens and the cancellation policy are clear before you pay.
- **Trust.** Every chef is verified, and every review comes from a real booking.
- **Local.** Seasonal produce, regional suppliers and short distances.

### The team

We are a small team of food lovers, engineers and former hospitality professionals based in Zürich. Say hello at ${C.email}, or [become a chef](/become-a-chef) yourself.`,
    },
  },
};
