// Hand-written material for the demo marketplace: the chef roster, customers, dishes per cuisine and the texts of
// bios, menu descriptions, reviews and messages. demo.ts combines them deterministically.
import { OCCASIONS } from '#shared/schemas/bookings.schema';

/** Chef status letters: A Active, N New, O Onboarded, P Paused, F OnboardingFailed, B Banned. Tier: s Signature, p PRO, - plain. */
export type RosterChef = {
  first: string;
  last: string;
  /** Index into DEMO_CITIES. */
  city: number;
  cuisines: string[];
  languages: string[];
  status: 'A' | 'N' | 'O' | 'P' | 'F' | 'B';
  tier: 's' | 'p' | '-';
};

const c = (first: string, last: string, city: number, cuisines: string, languages: string, status: RosterChef['status'] = 'A', tier: RosterChef['tier'] = '-'): RosterChef => ({
  first,
  last,
  city,
  cuisines: cuisines.split(','),
  languages: languages.split(','),
  status,
  tier,
});

// City indexes: 0 Zürich, 1 Basel, 2 Bern, 3 Luzern, 4 Lausanne, 5 Genève, 6 St. Gallen, 7 Winterthur,
// 8 München, 9 Berlin, 10 Hamburg, 11 Köln, 12 Frankfurt am Main.
/** The first entry is the demo chef (chef@example.com). */
export const ROSTER: RosterChef[] = [
  c('Marco', 'Bernasconi', 0, 'italian,swiss,mediterranean', 'de,it,en,fr', 'A', 's'),
  c('Sophie', 'Meier', 0, 'french,swiss', 'de,fr,en', 'A', 'p'),
  c('Kenji', 'Watanabe', 0, 'japanese,fusion', 'en,de,ja', 'A', 'p'),
  c('Nadia', 'Haddad', 0, 'lebanese,mediterranean', 'de,fr,ar,en', 'A', 'p'),
  c('Lukas', 'Keller', 0, 'swiss,nordic', 'de,en'),
  c('Priya', 'Sharma', 0, 'indian,vegan', 'en,de,hi'),
  c('Tomás', 'Herrera', 0, 'spanish,peruvian', 'es,en,de'),
  c('Anna', 'Weber', 0, 'vegan,mediterranean', 'de,en'),
  c('Malee', 'Srisuk', 0, 'thai', 'th,en,de'),
  c('Jonas', 'Frei', 0, 'bbq,swiss', 'de,en'),
  c('Giulia', 'Rossi', 0, 'italian', 'it,de,en'),
  c('Min-jun', 'Park', 0, 'korean,fusion', 'ko,en', 'O'),
  c('Claire', 'Dubois', 1, 'french', 'fr,de,en', 'A', 's'),
  c('Stefan', 'Vogt', 1, 'swiss,austrian', 'de,en', 'A', 'p'),
  c('Leila', 'Benali', 1, 'moroccan,mediterranean', 'fr,ar,de'),
  c('Daniel', 'Schmid', 1, 'german,bbq', 'de,en'),
  c('Elena', 'Petrou', 1, 'greek', 'el,de,en', 'P', 'p'),
  c('Reto', 'Zimmermann', 2, 'swiss', 'de,fr', 'A', 'p'),
  c('Chiara', 'Bianchi', 2, 'italian,vegan', 'it,de,fr'),
  c('Thi Lan', 'Nguyen', 2, 'vietnamese', 'vi,de,fr,en'),
  c('Simon', 'Gerber', 2, 'french,swiss', 'de,fr,en', 'A', 'p'),
  c('Sarah', 'Huber', 2, 'mediterranean,vegan', 'de,en'),
  c('Andrea', 'Fischer', 3, 'swiss,italian', 'de,it'),
  c('Yuki', 'Tanaka', 3, 'japanese', 'ja,en,de'),
  c('Fabian', 'Wyss', 3, 'bbq', 'de', 'F'),
  c('Laura', 'Steiner', 3, 'vegan,fusion', 'de,en', 'N'),
  c('Julien', 'Favre', 4, 'french', 'fr,en', 'A', 'p'),
  c('Camille', 'Rochat', 4, 'french,mediterranean', 'fr,en'),
  c('Mateo', 'García', 4, 'mexican,spanish', 'es,fr,en'),
  c('Amélie', 'Monnier', 4, 'vegan,french', 'fr,de'),
  c('Pierre', 'Morel', 5, 'french', 'fr,en', 'A', 's'),
  c('Yasmine', 'Khoury', 5, 'lebanese', 'fr,ar,en', 'A', 'p'),
  c('Alessandro', 'Conti', 5, 'italian', 'it,fr,en'),
  c('Hiroshi', 'Sato', 5, 'japanese,fusion', 'ja,fr,en', 'A', 's'),
  c('Inès', 'Martin', 5, 'mediterranean,spanish', 'fr,es,en'),
  c('Martin', 'Baumann', 6, 'swiss,german', 'de'),
  c('Nina', 'Koller', 6, 'austrian,vegan', 'de,en'),
  c('Arjun', 'Mehta', 6, 'indian', 'en,hi,de', 'O'),
  c('Patrick', 'Egli', 7, 'bbq,mexican', 'de,en', 'B'),
  c('Sandra', 'Lehmann', 7, 'swiss,mediterranean', 'de,it'),
  c('Wei', 'Chen', 7, 'chinese', 'zh,en,de', 'P'),
  c('Maximilian', 'Huber', 8, 'german,austrian', 'de,en', 'A', 'p'),
  c('Franziska', 'Bauer', 8, 'german,vegan', 'de'),
  c('Lorenzo', 'Moretti', 8, 'italian', 'it,de,en', 'A', 's'),
  c('Aylin', 'Yılmaz', 8, 'mediterranean,greek', 'de,tr,en'),
  c('Tobias', 'Schneider', 8, 'bbq,german', 'de', 'B'),
  c('Hannah', 'Wagner', 8, 'nordic,fusion', 'de,en,sv', 'N'),
  c('Ji-woo', 'Kim', 9, 'korean', 'ko,de,en', 'A', 'p'),
  c('Felix', 'Neumann', 9, 'vegan,fusion', 'de,en', 'F'),
  c('Mai', 'Tran', 9, 'vietnamese,thai', 'vi,de,en'),
  c('Carlos', 'Mendoza', 9, 'mexican,peruvian', 'es,en,de'),
  c('Emma', 'Schulz', 9, 'french,german', 'de,fr,en', 'A', 's'),
  c('Omar', 'Said', 9, 'lebanese,moroccan', 'ar,de,en,fr'),
  c('Jan', 'Petersen', 10, 'nordic,german', 'de,da,en', 'A', 'p'),
  c('Lea', 'Hoffmann', 10, 'mediterranean,fusion', 'de,en', 'O'),
  c('Ravi', 'Kapoor', 10, 'indian', 'en,hi,de'),
  c('Katharina', 'Becker', 11, 'german,french', 'de,fr'),
  c('Dimitris', 'Papadopoulos', 11, 'greek', 'el,de,en', 'A', 'p'),
  c('Sebastian', 'Wolf', 12, 'bbq,spanish', 'de,es'),
  c('Ling', 'Zhang', 12, 'chinese,fusion', 'zh,de,en', 'N'),
];

/** Customers, by home country; the demo customer is added separately. */
export const CUSTOMERS: { first: string; last: string; country: 'CH' | 'DE'; locale: string }[] = [
  ...[
    ['Daniela', 'Frei', 'de-ch'],
    ['Thomas', 'Brunner', 'de-ch'],
    ['Michael', 'Kunz', 'de-ch'],
    ['Sabine', 'Roth', 'de-ch'],
    ['Beat', 'Hofmann', 'de-ch'],
    ['Corinne', 'Graf', 'de-ch'],
    ['Urs', 'Moser', 'de-ch'],
    ['Nicole', 'Studer', 'de-ch'],
    ['Peter', 'Schürch', 'de-ch'],
    ['Isabelle', 'Rey', 'fr'],
    ['Marc', 'Aebischer', 'fr'],
    ['Valérie', 'Clément', 'fr'],
    ['Luca', 'Ferrari', 'it'],
    ['Francesca', 'Galli', 'it'],
    ['Raphael', 'Bühler', 'de-ch'],
    ['Monika', 'Suter', 'de-ch'],
    ['Kevin', 'Baumgartner', 'en'],
    ['Nathalie', 'Perrin', 'fr'],
    ['Adrian', 'Widmer', 'de-ch'],
    ['Eva', 'Kälin', 'de-ch'],
    ['Olivia', 'Bennett', 'en'],
    ['David', 'Cohen', 'en'],
  ].map(([first, last, locale]) => ({ first: first!, last: last!, country: 'CH' as const, locale: locale! })),
  ...[
    ['Jens', 'Krüger', 'de'],
    ['Katrin', 'Schäfer', 'de'],
    ['Markus', 'Lange', 'de'],
    ['Stefanie', 'Koch', 'de'],
    ['Florian', 'Braun', 'de'],
    ['Julia', 'Zimmer', 'de'],
    ['Christian', 'Hartmann', 'de'],
    ['Anja', 'Krause', 'de'],
    ['Matthias', 'Vogel', 'de'],
    ['Lisa', 'Frank', 'en'],
    ['Sven', 'Jansen', 'de'],
    ['Miriam', 'Weiß', 'de'],
    ['Oliver', 'Busch', 'de'],
    ['Nora', 'Engel', 'de'],
    ['Philipp', 'Kühn', 'de'],
    ['Theresa', 'Lorenz', 'de'],
    ['Dennis', 'Albrecht', 'de'],
    ['Carina', 'Pohl', 'de'],
  ].map(([first, last, locale]) => ({ first: first!, last: last!, country: 'DE' as const, locale: locale! })),
];

/**
 * Dish tags: V vegan, v vegetarian, f fish or seafood (no meat), m meat, p pork, l low-carb, k keto-friendly.
 * Allergens are keys of the allergen list, comma-separated.
 */
export type Dish = readonly [name: string, description: string, allergens: string, tags: string];
export type CuisinePool = {
  names: string[];
  blurbs: string[];
  starters: Dish[];
  mains: Dish[];
  desserts: Dish[];
  soups?: Dish[];
  /** Per-person base price factor (1 = average). */
  price?: number;
};

export const SHARED: { amuse: Dish[]; soups: Dish[]; cheese: Dish[]; lowCarbDesserts: Dish[] } = {
  amuse: [
    ['Gougères with Gruyère', 'Warm choux puffs straight from the oven.', 'gluten,eggs,milk', 'v'],
    ['Beetroot tartlet with horseradish cream', 'A crisp bite with earthy sweetness and a gentle kick.', 'gluten,milk', 'v'],
    ['Cucumber and green apple gazpacho', 'A chilled shot to wake up the palate.', '', 'Vl'],
    ['Smoked trout on rye with dill', 'Local trout, cold-smoked in-house.', 'gluten,fish,milk', 'f'],
    ['Marinated olives and roasted almonds', 'With orange zest, rosemary and good olive oil.', 'nuts', 'Vlk'],
  ],
  soups: [
    ['Roasted pumpkin soup with pumpkin-seed oil', 'Velvety, with toasted seeds.', 'milk,celery', 'vl'],
    ['Wild garlic velouté', 'Spring in a bowl, finished with a little cream.', 'milk,celery', 'vl'],
    ['Clear beef consommé with herb pancake strips', 'Slowly simmered for a day.', 'celery,eggs,gluten,milk', 'm'],
  ],
  cheese: [['Alpine cheese selection with fig mustard and walnut bread', 'Three cheeses from small dairies, at their best.', 'milk,gluten,nuts,mustard,sulphites', 'v']],
  lowCarbDesserts: [
    ['Berries with whipped cream and mint', 'Ripe seasonal berries, nothing more.', 'milk', 'vlk'],
    ['Dark chocolate and almond bites', '85% chocolate with roasted almonds and sea salt.', 'nuts', 'Vlk'],
  ],
};

export const CUISINE_POOLS: Record<string, CuisinePool> = {
  swiss: {
    names: ['Swiss Alpine Classics', 'From the Mountain Hut', 'A Taste of Graubünden', 'Zürich Heritage Dinner', 'Lakeside Evening', 'Swiss Seasons'],
    blurbs: [
      'Swiss classics the way they taste best: made from scratch with produce from farms and dairies nearby.',
      'A menu that travels from the lakes to the Alps, with a few modern twists on dishes every Swiss family knows.',
    ],
    starters: [
      ['Bündnerfleisch carpaccio with Sbrinz and rocket', 'Air-dried beef from Graubünden, shaved thin, with aged Sbrinz and lemon oil.', 'milk', 'mlk'],
      ['Alpine herb salad with crispy Vacherin and hazelnuts', 'Leaves and herbs from the market, warm cheese croutons, house mustard dressing.', 'milk,nuts,mustard', 'v'],
      ['Whitefish tartare with apple and dill', 'Fresh lake fish with crisp apple and a light dill cream.', 'fish,milk', 'fl'],
      ['Capuns with Salsiz', 'Chard parcels filled with spätzle dough and cured sausage, baked in cream.', 'gluten,eggs,milk', 'p'],
    ],
    mains: [
      ['Zürcher Geschnetzeltes with golden rösti', 'Veal strips in a mushroom and cream sauce, rösti crisp on both sides.', 'milk,celery,sulphites', 'm'],
      ['Beef cheek braised in Pinot Noir with polenta', 'Slow-braised until tender, with creamy Ticino polenta.', 'celery,sulphites,milk', 'm'],
      ['Perch fillets in brown butter with parsley potatoes', 'A lakeside classic with lemon and fresh herbs.', 'fish,milk,gluten', 'f'],
      ['Älplermagronen with apple sauce and roasted onions', 'Macaroni, potatoes, mountain cheese and cream, the herdsman\'s favourite.', 'gluten,milk,eggs', 'v'],
    ],
    desserts: [
      ['Meringues with double cream and berries', 'Crisp Meiringen-style meringues with Gruyère double cream.', 'eggs,milk', 'v'],
      ['Vermicelles with chestnut purée', 'Chestnut purée with meringue and whipped cream.', 'milk,eggs', 'v'],
      ['Engadine nut tart', 'Caramelised walnuts in buttery shortcrust, with a dollop of cream.', 'gluten,nuts,milk,eggs', 'v'],
    ],
    price: 1.1,
  },
  italian: {
    names: ['Trattoria della Nonna', 'A Sunday in Tuscany', 'Dolce Vita Dinner', 'From Piedmont with Love', 'Cena Italiana', 'Pasta Fatta a Mano'],
    blurbs: [
      'Italian home cooking with fresh pasta rolled by hand, slow sauces and the best olive oil I can find.',
      'A relaxed Italian evening: generous antipasti, a pasta course and a classic secondo, just like at my family\'s table.',
    ],
    starters: [
      ['Burrata with heirloom tomatoes and basil oil', 'Creamy burrata from Puglia, sweet tomatoes, flaky salt.', 'milk', 'vl'],
      ['Vitello tonnato', 'Pink-roasted veal with a silky tuna and caper sauce.', 'fish,eggs', 'mlk'],
      ['Beef carpaccio with rocket and Parmigiano', 'Thinly sliced beef fillet with lemon and 24-month Parmigiano.', 'milk', 'mlk'],
      ['Saffron arancini with mozzarella', 'Crisp risotto balls with a melting heart.', 'gluten,eggs,milk', 'v'],
    ],
    mains: [
      ['Hand-cut tagliatelle with slow-cooked ragù', 'Egg pasta made in your kitchen, ragù simmered for four hours.', 'gluten,eggs,celery,sulphites', 'm'],
      ['Porcini risotto with aged Parmigiano', 'Carnaroli rice stirred to a creamy finish.', 'milk,celery,sulphites', 'v'],
      ['Ossobuco alla milanese with gremolata', 'Braised veal shank with saffron risotto.', 'celery,milk,sulphites', 'm'],
      ['Sea bass al cartoccio with lemon, capers and olives', 'Baked in parchment and opened at the table.', 'fish', 'flk'],
      ['Ricotta and spinach ravioli in sage butter', 'Filled pasta, brown butter and crispy sage.', 'gluten,eggs,milk', 'v'],
    ],
    desserts: [
      ['Tiramisù della casa', 'Espresso, mascarpone and a little Marsala.', 'gluten,eggs,milk,sulphites', 'v'],
      ['Vanilla panna cotta with berry compote', 'Set just firm enough to wobble.', 'milk', 'v'],
      ['Amalfi lemon tart', 'Sharp, sweet and buttery.', 'gluten,eggs,milk', 'v'],
    ],
  },
  french: {
    names: ['Bistro Parisien', 'Classiques Français', 'Un Dîner en Provence', 'Brasserie Evening', 'French Elegance', 'Saveurs de Bourgogne'],
    blurbs: [
      'French cuisine with classic technique and generous sauces, the kind of dinner you remember for a long time.',
      'From Parisian bistro favourites to the flavours of Provence: precise, elegant and full of taste.',
    ],
    starters: [
      ['Salmon gravlax with crème fraîche and blinis', 'Cured for 48 hours with dill and citrus.', 'fish,milk,gluten,eggs', 'f'],
      ['Chicken liver parfait with brioche and onion confit', 'Silky parfait, toasted brioche, sweet-sour onions.', 'gluten,eggs,milk,sulphites', 'm'],
      ['Goat cheese tartlet with honey and thyme', 'Warm from the oven, with a leaf salad.', 'gluten,milk,eggs', 'v'],
      ['Leeks vinaigrette with soft egg and hazelnuts', 'A bistro classic with a mustard dressing.', 'eggs,mustard,nuts', 'vlk'],
    ],
    mains: [
      ['Coq au vin with glazed carrots and pommes purée', 'Braised in red Burgundy with lardons and mushrooms.', 'milk,celery,sulphites', 'p'],
      ['Boeuf bourguignon with pommes purée', 'Slowly braised beef with pearl onions and bacon.', 'milk,celery,sulphites', 'p'],
      ['Sole meunière with beurre noisette and capers', 'Pan-fried whole and filleted at the table.', 'fish,milk,gluten', 'f'],
      ['Duck breast with cherry jus and gratin dauphinois', 'Crisp skin, pink meat, creamy potato gratin.', 'milk,sulphites', 'm'],
    ],
    desserts: [
      ['Crème brûlée with Bourbon vanilla', 'Cracked at the table.', 'eggs,milk', 'v'],
      ['Tarte Tatin with crème fraîche', 'Caramelised apples, flaky pastry.', 'gluten,milk,eggs', 'v'],
      ['Chocolate fondant with salted caramel', 'A molten centre, always.', 'gluten,eggs,milk', 'v'],
    ],
    price: 1.15,
  },
  mediterranean: {
    names: ['Mediterranean Summer', 'Sun, Sea & Olive Oil', 'Riviera Table', 'Island Hopping', 'Long Table Feast', 'Coastal Kitchen'],
    blurbs: [
      'Sunny Mediterranean flavours to share: lots of vegetables, fresh fish, herbs, lemon and good olive oil.',
      'A long-table dinner inspired by the coasts of Italy, Greece and Spain, served family-style.',
    ],
    starters: [
      ['Grilled octopus with fava purée and capers', 'Tender octopus, charred on the grill.', 'molluscs', 'fl'],
      ['Mezze board with hummus, baba ganoush and flatbread', 'Made from scratch, served with warm bread.', 'sesame,gluten', 'V'],
      ['Tomato and peach salad with feta and mint', 'Summer on a plate.', 'milk', 'vl'],
    ],
    mains: [
      ['Sea bream with fennel, olives and saffron potatoes', 'Roasted whole and served with its juices.', 'fish,celery', 'f'],
      ['Slow-roasted lamb shoulder with lemon potatoes', 'Seven hours in the oven with garlic and oregano.', '', 'm'],
      ['Stuffed peppers with bulgur, herbs and yoghurt', 'Baked until soft and sweet.', 'gluten,milk', 'v'],
    ],
    desserts: [
      ['Orange and almond cake with yoghurt', 'Moist, fragrant and gluten-free.', 'nuts,eggs,milk', 'v'],
      ['Fig and honey pavlova', 'Crisp meringue, soft figs, thyme honey.', 'eggs,milk', 'v'],
    ],
  },
  japanese: {
    names: ['Omakase at Home', 'Tokyo Izakaya Night', 'Sushi Dinner', 'Kyoto Kaiseki Inspired', 'Umami Journey', 'Japanese Seasons'],
    blurbs: [
      'Japanese cooking built on dashi, seasonality and precise knife work, with sushi rolled in front of your guests.',
      'An evening of clean, umami-rich Japanese flavours, served course by course like in a small Tokyo restaurant.',
    ],
    starters: [
      ['Salmon and tuna sashimi with ponzu', 'Sashimi-grade fish, citrus soy and daikon.', 'fish,soy', 'flk'],
      ['Agedashi tofu in dashi broth', 'Crisp tofu in a light bonito broth.', 'soy,gluten,fish', 'f'],
      ['Edamame with sea salt and togarashi', 'Warm and moreish.', 'soy', 'Vl'],
    ],
    soups: [['Miso soup with wakame and tofu', 'With home-made dashi.', 'soy,fish', 'fl']],
    mains: [
      ['Black cod marinated in saikyo miso', 'Marinated for two days, glazed under the grill.', 'fish,soy,sulphites', 'fl'],
      ['Chicken teriyaki donburi with pickles', 'Glazed thigh on rice with quick-pickled vegetables.', 'soy,gluten,sesame,sulphites', 'm'],
      ['Nigiri and maki selection', 'Twelve pieces per person, rolled at your table.', 'fish,crustaceans,soy,sesame,eggs', 'f'],
      ['Vegetable tempura with matcha salt', 'Feather-light batter, seasonal vegetables.', 'gluten,eggs', 'v'],
    ],
    desserts: [
      ['Matcha panna cotta with black sesame', 'Bittersweet and silky.', 'milk,sesame', 'v'],
      ['Mochi ice cream trio', 'Yuzu, matcha and black sesame.', 'milk,soy', 'v'],
      ['Yuzu cheesecake', 'Light, Japanese-style and fragrant.', 'gluten,eggs,milk', 'v'],
    ],
    price: 1.15,
  },
  thai: {
    names: ['Bangkok Street Food Feast', 'Thai Curry Night', 'Flavours of Chiang Mai', 'Siam Dinner', 'Thai Family Table', 'Coconut & Lemongrass'],
    blurbs: [
      'Authentic Thai cooking with curry pastes pounded by hand and the balance of sweet, sour, salty and hot.',
      'The dishes I grew up with, from Bangkok street stalls to my family\'s kitchen in Chiang Mai.',
    ],
    starters: [
      ['Som tam green papaya salad', 'Pounded to order, with peanuts and lime.', 'peanuts,fish', 'fl'],
      ['Fresh spring rolls with tofu and tamarind dip', 'Rice paper, herbs and crunchy vegetables.', 'soy,peanuts', 'V'],
    ],
    soups: [['Tom kha gai', 'Coconut soup with chicken, galangal and lime leaves.', 'fish', 'ml']],
    mains: [
      ['Green curry with chicken and Thai basil', 'Home-made curry paste, jasmine rice.', 'fish', 'm'],
      ['Massaman beef curry with potatoes', 'Rich, mild and fragrant with cardamom.', 'peanuts,fish', 'm'],
      ['Pad thai with prawns and tamarind', 'Wok-fried to order.', 'crustaceans,peanuts,eggs,fish,soy', 'f'],
      ['Red curry with tofu, pumpkin and bamboo shoots', 'Fully plant-based.', 'soy', 'V'],
    ],
    desserts: [
      ['Mango sticky rice with coconut cream', 'The classic, with ripe mango.', '', 'V'],
      ['Coconut and lemongrass panna cotta', 'Set with agar, finished with lime.', '', 'V'],
    ],
    price: 0.9,
  },
  indian: {
    names: ['Spice Route Dinner', 'Maharaja Feast', 'Flavours of Kerala', 'Delhi Street to Table', 'Curry Club', 'Thali Evening'],
    blurbs: [
      'Indian home cooking with whole spices roasted and ground fresh, from Punjabi classics to the coconut curries of the south.',
      'A colourful Indian feast to share, with breads, chutneys and curries that are fragrant rather than fiery (unless you ask).',
    ],
    starters: [
      ['Vegetable samosas with tamarind chutney', 'Crisp pastry, spiced potato and peas.', 'gluten', 'V'],
      ['Onion bhajis with mint raita', 'Chickpea-flour fritters, cool yoghurt.', 'milk', 'v'],
      ['Chicken tikka with green chutney', 'Marinated overnight, charred in a hot oven.', 'milk', 'ml'],
    ],
    mains: [
      ['Butter chicken with saffron rice and naan', 'Creamy tomato sauce, smoky chicken.', 'milk,gluten,nuts', 'm'],
      ['Lamb rogan josh with jeera rice', 'Kashmiri chillies, slow-cooked lamb.', 'milk', 'm'],
      ['Chana masala and palak paneer with garlic naan', 'Two vegetarian favourites.', 'milk,gluten', 'v'],
      ['Kerala fish curry with coconut and curry leaves', 'Tangy, fragrant and light.', 'fish,mustard', 'f'],
    ],
    desserts: [
      ['Gulab jamun with cardamom syrup', 'Warm and sticky.', 'milk,gluten', 'v'],
      ['Mango kulfi with pistachios', 'Indian ice cream, dense and creamy.', 'milk,nuts', 'v'],
    ],
    price: 0.9,
  },
  lebanese: {
    names: ['Beirut Mezze Night', 'Lebanese Family Feast', 'Cedar & Citrus', 'Levantine Table', 'Mezze & More', 'Tastes of Byblos'],
    blurbs: [
      'Lebanese hospitality: a table full of mezze to share, grilled meats and sweets scented with orange blossom.',
      'Recipes from my grandmother in Beirut, made with lots of herbs, lemon, olive oil and love.',
    ],
    starters: [
      ['Hummus, moutabal and muhammara with warm pita', 'Three dips, made from scratch.', 'sesame,gluten,nuts', 'V'],
      ['Tabbouleh with parsley, mint and bulgur', 'Mostly herbs, as it should be.', 'gluten', 'V'],
      ['Falafel with tahini sauce', 'Crisp outside, green inside.', 'sesame,gluten', 'V'],
      ['Fattoush with sumac and crispy bread', 'A crunchy, tangy salad.', 'gluten', 'V'],
    ],
    mains: [
      ['Shish taouk with garlic toum', 'Chicken skewers marinated in yoghurt and lemon.', 'milk', 'ml'],
      ['Lamb kofta with grilled vegetables and vermicelli rice', 'Spiced with seven spices.', 'gluten', 'm'],
      ['Kibbeh with pine nuts and yoghurt', 'Baked bulgur and lamb, the national dish.', 'gluten,milk,nuts', 'm'],
      ['Maghmour – aubergine and chickpea stew', 'Slow-cooked with tomatoes and mint.', '', 'V'],
    ],
    desserts: [
      ['Knafeh with orange blossom syrup', 'Warm cheese pastry, crunchy and sweet.', 'gluten,milk,nuts', 'v'],
      ['Mouhalabieh with rose water and pistachios', 'A delicate milk pudding.', 'milk,nuts', 'v'],
    ],
  },
  mexican: {
    names: ['Fiesta Mexicana', 'Taco Night Deluxe', 'Oaxaca Dreams', 'Mexico City Cantina', 'Día de Fiesta', 'Mole & Mezcal Evening'],
    blurbs: [
      'Real Mexican food, far from Tex-Mex: fresh tortillas, slow-cooked fillings and salsas made in your kitchen.',
      'A lively Mexican feast with tacos to build yourself, smoky chillies and bright, fresh flavours.',
    ],
    starters: [
      ['Guacamole and pico de gallo with tortilla chips', 'Smashed to order.', '', 'V'],
      ['Sea bass ceviche with lime and chilli', 'Bright, fresh and zingy.', 'fish', 'fl'],
      ['Elote with chipotle mayo and cotija', 'Grilled corn, street-food style.', 'milk,eggs', 'v'],
    ],
    mains: [
      ['Tacos al pastor with pineapple and salsa verde', 'Marinated pork, fresh corn tortillas.', '', 'p'],
      ['Chicken mole poblano with rice and beans', 'Twenty ingredients, one deep sauce.', 'sesame,nuts,peanuts,gluten', 'm'],
      ['Chiles rellenos with cheese and tomato sauce', 'Roasted poblanos, crisp batter.', 'milk,eggs,gluten', 'v'],
      ['Baja fish tacos with chipotle slaw', 'Crisp fish, cool crunchy slaw.', 'fish,gluten,eggs', 'f'],
    ],
    desserts: [
      ['Churros with chocolate sauce', 'Fried to order, dusted with cinnamon sugar.', 'gluten,milk,eggs', 'v'],
      ['Tres leches cake', 'Soaked in three kinds of milk.', 'gluten,milk,eggs', 'v'],
    ],
    price: 0.9,
  },
  spanish: {
    names: ['Tapas Evening', 'Paella Party', 'Barcelona Nights', 'Andalusian Summer', 'Sabores de España', 'Basque Country Dinner'],
    blurbs: [
      'Spanish food to share: a parade of tapas, then a paella cooked in a big pan in front of your guests.',
      'From Basque pintxos to Valencian paella, a relaxed Spanish evening with lots of flavour.',
    ],
    starters: [
      ['Pan con tomate with jamón ibérico', 'Grilled bread, ripe tomato, 36-month ham.', 'gluten', 'p'],
      ['Gambas al ajillo', 'Prawns sizzling in garlic and chilli oil.', 'crustaceans', 'flk'],
      ['Patatas bravas with aioli', 'Crisp potatoes, smoky tomato sauce.', 'eggs', 'v'],
      ['Tortilla española', 'Thick, juicy potato omelette.', 'eggs', 'v'],
    ],
    mains: [
      ['Paella valenciana with chicken and rabbit', 'With saffron and a proper socarrat.', 'celery', 'm'],
      ['Seafood paella with mussels and prawns', 'Cooked in a 60 cm pan at your place.', 'crustaceans,molluscs,fish,celery', 'f'],
      ['Iberian pork presa with romesco', 'Grilled pink, with almond-pepper sauce.', 'nuts,gluten', 'pl'],
    ],
    desserts: [
      ['Crema catalana', 'Citrus custard with a burnt sugar crust.', 'eggs,milk', 'v'],
      ['Basque burnt cheesecake', 'Caramelised outside, creamy inside.', 'eggs,milk,gluten', 'v'],
    ],
  },
  greek: {
    names: ['Greek Taverna Night', 'Aegean Table', 'Athens by Night', 'Kalimera Feast', 'Island Flavours', 'Meze & Ouzo'],
    blurbs: [
      'Greek taverna cooking: meze to share, grilled meat and fish, and plenty of olive oil, lemon and oregano.',
      'The flavours of the Greek islands, generous and sunny, served family-style.',
    ],
    starters: [
      ['Tzatziki, taramosalata and warm pita', 'Classic dips, made fresh.', 'milk,fish,gluten', 'f'],
      ['Horiatiki village salad with feta', 'Tomatoes, cucumber, olives and barrel-aged feta.', 'milk', 'vlk'],
      ['Spanakopita with spinach and feta', 'Crisp filo pie.', 'gluten,milk,eggs', 'v'],
    ],
    mains: [
      ['Moussaka with aubergine and béchamel', 'Layered and baked until golden.', 'milk,gluten,eggs', 'm'],
      ['Grilled lamb chops with lemon potatoes', 'Paidakia with oregano and lemon.', '', 'm'],
      ['Whole grilled sea bass with ladolemono', 'Olive oil and lemon dressing.', 'fish', 'flk'],
    ],
    desserts: [
      ['Baklava with walnuts and honey', 'Layers of filo, nuts and syrup.', 'gluten,nuts,milk', 'v'],
      ['Greek yoghurt with thyme honey and walnuts', 'Simple and perfect.', 'milk,nuts', 'v'],
    ],
    price: 0.95,
  },
  vegan: {
    names: ['Plant-Based Feast', 'Green Garden Dinner', 'Vegan Tasting Menu', 'From the Market Garden', 'Roots & Shoots', 'Plant Power Evening'],
    blurbs: [
      'Fully plant-based fine dining that even committed meat lovers enjoy: seasonal vegetables treated with care and creativity.',
      'Colourful, generous vegan cooking built around what the market has at its best this week.',
    ],
    starters: [
      ['Beetroot carpaccio with cashew cream and walnuts', 'Earthy, creamy and crunchy.', 'nuts', 'Vlk'],
      ['Roasted cauliflower with tahini and pomegranate', 'Charred and fragrant.', 'sesame', 'Vl'],
      ['Heirloom carrot salad with miso-orange dressing', 'Raw, roasted and pickled carrots.', 'soy', 'Vl'],
    ],
    soups: [['Chilled pea soup with mint', 'Bright green and refreshing.', '', 'Vl']],
    mains: [
      ['Wild mushroom risotto with truffle oil', 'Creamy without a drop of dairy.', 'celery,sulphites', 'V'],
      ['Crispy tofu with sesame glaze and jasmine rice', 'Sticky, savoury and crunchy.', 'soy,sesame', 'V'],
      ['Lentil and walnut Wellington with red wine jus', 'A festive centrepiece.', 'gluten,nuts,celery,sulphites', 'V'],
    ],
    desserts: [
      ['Dark chocolate mousse', 'Airy, rich and made with aquafaba.', 'soy', 'V'],
      ['Coconut and passion fruit tart', 'Tangy curd on a nutty base.', 'gluten,nuts', 'V'],
    ],
    price: 0.9,
  },
  fusion: {
    names: ['East Meets West', 'Fusion Tasting Menu', 'Urban Kitchen', 'Around the World in Five Courses', 'Modern Fusion Dinner', 'Street Food Reimagined'],
    blurbs: [
      'A playful tasting menu that borrows from Asian and European kitchens, with surprising combinations that just work.',
      'Modern cooking without borders: techniques from fine dining and flavours from street food around the world.',
    ],
    starters: [
      ['Tuna tataki with yuzu and avocado', 'Seared for seconds, dressed with citrus.', 'fish,soy,sesame', 'flk'],
      ['Bao buns with crispy pork belly and hoisin', 'Soft steamed buns, pickled cucumber.', 'gluten,soy,sesame', 'p'],
      ['Gochujang-glazed fried cauliflower', 'Sticky, spicy and crisp.', 'gluten,soy,sesame', 'V'],
    ],
    mains: [
      ['Miso-glazed salmon with wasabi mash', 'Caramelised glaze, creamy mash.', 'fish,soy,milk', 'f'],
      ['Five-spice duck breast with sweet potato purée', 'With a plum and star anise jus.', 'soy,sulphites', 'm'],
      ['Coconut-lemongrass risotto with seared scallops', 'Creamy and fragrant.', 'molluscs,milk', 'f'],
    ],
    desserts: [
      ['Yuzu and white chocolate tart', 'Zesty and smooth.', 'gluten,eggs,milk', 'v'],
      ['Black sesame crème brûlée', 'Nutty, toasty and creamy.', 'eggs,milk,sesame', 'v'],
    ],
    price: 1.1,
  },
  bbq: {
    names: ['Backyard BBQ', 'Smokehouse Feast', 'Low & Slow', 'Grill Master Evening', 'Summer Garden Grill', 'Texas Smokehouse'],
    blurbs: [
      'Barbecue done properly: meat smoked low and slow for hours, home-made rubs and sauces, and sides worth fighting over.',
      'I bring my smoker and grill to your garden and cook a relaxed feast while your guests enjoy the evening.',
    ],
    starters: [
      ['Smoked chicken wings with blue cheese dip', 'Crisp skin, smoky meat.', 'milk,eggs,celery', 'mlk'],
      ['Grilled halloumi and watermelon salad', 'With mint and lime.', 'milk', 'vl'],
      ['Charred corn and black bean salad', 'With lime and coriander.', '', 'V'],
    ],
    mains: [
      ['12-hour smoked beef brisket with coleslaw and cornbread', 'Oak-smoked, sliced to order.', 'gluten,eggs,milk,mustard', 'm'],
      ['Pulled pork with pickles and brioche buns', 'Smoked shoulder, tangy sauce.', 'gluten,eggs,milk,mustard', 'p'],
      ['Grilled rib-eye with chimichurri', 'Dry-aged Swiss beef.', '', 'mlk'],
      ['Cedar-plank salmon with lemon and dill', 'Gently smoked on the grill.', 'fish', 'flk'],
    ],
    desserts: [
      ['Grilled pineapple with rum caramel', 'Caramelised over the coals.', 'milk', 'v'],
      ["S'mores brownie", 'Fudgy brownie, toasted marshmallow.', 'gluten,eggs,milk', 'v'],
    ],
  },
  peruvian: {
    names: ['Lima Nights', 'Nikkei & Criollo', 'Peruvian Feast', 'Andes to Pacific', 'Sabor Peruano', 'Ceviche Bar'],
    blurbs: [
      'Peruvian cuisine, one of the most exciting in the world: citrus-bright ceviche, Andean potatoes and Nikkei influences.',
      'A journey from the Pacific coast to the Andes, with ají peppers, lime and lots of colour.',
    ],
    starters: [
      ['Classic ceviche with leche de tigre', 'Fresh fish cured in lime, red onion, sweet potato.', 'fish,celery', 'fl'],
      ['Causa limeña with avocado and shrimp', 'Layers of yellow potato and filling.', 'crustaceans,eggs', 'f'],
      ['Papa a la huancaína', 'Potatoes in a creamy ají amarillo sauce.', 'milk,gluten', 'v'],
    ],
    mains: [
      ['Lomo saltado with fries and rice', 'Wok-fried beef, tomatoes and onions.', 'soy', 'm'],
      ['Ají de gallina', 'Creamy chicken with ají amarillo and walnuts.', 'milk,gluten,nuts', 'm'],
      ['Anticuchos with grilled corn', 'Marinated skewers from the grill.', '', 'ml'],
    ],
    desserts: [
      ['Suspiro a la limeña', 'Dulce de leche cream with port meringue.', 'eggs,milk,sulphites', 'v'],
      ['Picarones with chancaca syrup', 'Sweet potato doughnuts.', 'gluten', 'v'],
    ],
  },
  korean: {
    names: ['Seoul Kitchen', 'Korean BBQ at Home', 'K-Food Feast', 'Hansik Dinner', 'Banchan & Bulgogi', 'Korean Family Table'],
    blurbs: [
      'Korean home cooking with my own kimchi, plenty of banchan and the sweet-spicy-savoury balance I love.',
      'Korean barbecue and comfort food to share around the table, with sides refilled all evening.',
    ],
    starters: [
      ['Kimchi pancakes with soy dipping sauce', 'Crisp edges, tangy kimchi.', 'gluten,eggs,soy,fish,crustaceans', 'f'],
      ['Japchae glass noodles with vegetables', 'Sweet potato noodles, sesame oil.', 'soy,sesame', 'V'],
      ['Korean fried chicken with gochujang glaze', 'Double-fried for extra crunch.', 'gluten,soy,sesame', 'm'],
    ],
    mains: [
      ['Bibimbap with bulgogi and fried egg', 'Served sizzling in stone bowls.', 'soy,sesame,eggs', 'm'],
      ['Galbi short ribs with banchan', 'Marinated overnight, grilled at the table.', 'soy,sesame', 'm'],
      ['Sundubu jjigae – spicy soft tofu stew', 'Bubbling hot, with seafood.', 'soy,fish,molluscs', 'f'],
    ],
    desserts: [
      ['Hotteok with cinnamon and nuts', 'Sweet filled pancakes.', 'gluten,nuts,milk', 'v'],
      ['Bingsu with red beans and fruit', 'Shaved milk ice.', 'milk', 'v'],
    ],
    price: 0.95,
  },
  chinese: {
    names: ['Sichuan Spice Night', 'Dim Sum Dinner', 'Cantonese Banquet', 'Flavours of Chengdu', 'Lunar Feast', 'Chinese Family Banquet'],
    blurbs: [
      'Chinese regional cooking far beyond takeaway: numbing Sichuan heat, delicate Cantonese steaming and hand-folded dumplings.',
      'A banquet of dishes to share, the way we eat at home, with a lazy Susan and lots of conversation.',
    ],
    starters: [
      ['Steamed pork and chive dumplings', 'Folded by hand, with black vinegar.', 'gluten,soy,sesame', 'p'],
      ['Smashed cucumber salad with chilli oil', 'Garlicky and refreshing.', 'soy,sesame', 'Vl'],
    ],
    soups: [['Hot and sour soup', 'Tofu, mushrooms and white pepper.', 'soy,eggs,gluten', 'v']],
    mains: [
      ['Peking-style duck with pancakes and hoisin', 'Crisp skin, carved at the table.', 'gluten,soy,sesame', 'm'],
      ['Mapo tofu with Sichuan pepper', 'Silky tofu, minced pork, numbing heat.', 'soy', 'p'],
      ['Kung pao chicken with peanuts', 'Sweet, sour and spicy.', 'peanuts,soy,gluten', 'm'],
      ['Steamed fish with ginger and spring onion', 'Finished with sizzling oil.', 'fish,soy', 'fl'],
    ],
    desserts: [
      ['Sesame balls with red bean paste', 'Crisp, chewy and sweet.', 'gluten,sesame', 'V'],
      ['Mango pudding', 'Smooth and fruity.', 'milk', 'v'],
    ],
    price: 0.9,
  },
  vietnamese: {
    names: ['Hanoi Street Kitchen', 'Saigon Supper', 'Pho & Friends', 'Mekong Flavours', 'Vietnamese Home Cooking', 'Lemongrass & Lime'],
    blurbs: [
      'Fresh, herb-packed Vietnamese cooking, light and aromatic, with a pho broth that simmers all afternoon.',
      'The food of my family from Hanoi to Saigon: crunchy, fragrant and balanced.',
    ],
    starters: [
      ['Summer rolls with prawns and peanut sauce', 'Rice paper, herbs and vermicelli.', 'crustaceans,peanuts,soy', 'f'],
      ['Crispy spring rolls (nem rán)', 'Pork and glass noodles, with nuoc cham.', 'gluten,fish,eggs', 'p'],
      ['Green mango salad with herbs', 'Crunchy, tangy, with roasted peanuts.', 'fish,peanuts', 'fl'],
    ],
    mains: [
      ['Pho bo beef noodle soup', 'Broth simmered for eight hours.', 'fish', 'm'],
      ['Bún chả grilled pork with rice noodles', 'The Hanoi lunch classic.', 'fish', 'p'],
      ['Caramelised fish in clay pot', 'Sweet, salty and peppery.', 'fish', 'fl'],
      ['Lemongrass tofu with rice noodles', 'Crisp tofu, fresh herbs.', 'soy,peanuts', 'V'],
    ],
    desserts: [
      ['Coconut and pandan sticky rice', 'Fragrant and gently sweet.', '', 'V'],
      ['Vietnamese coffee crème caramel', 'With strong phin coffee.', 'eggs,milk', 'v'],
    ],
    price: 0.9,
  },
  german: {
    names: ['Bavarian Feast', 'Deutsche Heimatküche', 'Black Forest Dinner', 'Rhineland Evening', 'Modern German Kitchen', 'Gasthaus Classics'],
    blurbs: [
      'German classics, lighter and more modern than you remember, with regional produce and lots of care.',
      'Hearty, honest German cooking for a cosy evening, from Bavarian favourites to dishes from the Rhine.',
    ],
    starters: [
      ['Obatzda with pretzels and radishes', 'Bavarian cheese spread, warm pretzels.', 'milk,gluten', 'v'],
      ['Potato and cucumber salad with smoked trout', 'Tangy, fresh and creamy.', 'fish,mustard', 'f'],
    ],
    soups: [['Riesling cream soup', 'A Palatinate classic with cinnamon croutons.', 'milk,sulphites,celery,gluten', 'v']],
    mains: [
      ['Sauerbraten with red cabbage and potato dumplings', 'Marinated for five days.', 'gluten,celery,sulphites', 'm'],
      ['Roast pork knuckle with sauerkraut', 'Crackling like glass.', 'mustard', 'p'],
      ['Käsespätzle with crispy onions', 'Hand-scraped spätzle, mountain cheese.', 'gluten,eggs,milk', 'v'],
      ['Pike-perch with Riesling sauce and mashed potatoes', 'Crisp skin, silky sauce.', 'fish,milk,sulphites', 'f'],
    ],
    desserts: [
      ['Black Forest gateau', 'Chocolate sponge, cherries and kirsch cream.', 'gluten,eggs,milk', 'v'],
      ['Apple strudel with vanilla sauce', 'Paper-thin dough, warm apples.', 'gluten,eggs,milk,nuts', 'v'],
    ],
    price: 0.95,
  },
  austrian: {
    names: ['Viennese Classics', 'Austrian Alpine Dinner', 'Heuriger Evening', 'Kaffeehaus & Co.', 'Tyrolean Table', 'Wiener Küche'],
    blurbs: [
      'Austrian cuisine from Viennese cafés and Alpine inns: crisp schnitzel, tender Tafelspitz and irresistible desserts.',
      'Comforting Austrian dishes, done the traditional way and served with Viennese charm.',
    ],
    starters: [
      ['Styrian pumpkin-seed oil salad with lentils', 'Nutty dark-green oil, crunchy seeds.', '', 'Vl'],
      ['Liptauer with dark bread', 'Paprika cheese spread.', 'milk,gluten', 'v'],
    ],
    soups: [['Beef broth with semolina dumplings', 'Clear, rich and warming.', 'gluten,eggs,celery,milk', 'm']],
    mains: [
      ['Wiener Schnitzel with potato and lamb\'s lettuce salad', 'Veal, fried in clarified butter.', 'gluten,eggs,mustard,milk', 'm'],
      ['Tafelspitz with apple horseradish and rösti', 'Boiled beef, the Viennese way.', 'celery,milk', 'm'],
      ['Goulash with bread dumplings', 'Paprika-rich and slow-cooked.', 'gluten,eggs,celery,milk', 'm'],
    ],
    desserts: [
      ['Kaiserschmarrn with plum compote', 'Fluffy torn pancake.', 'gluten,eggs,milk', 'v'],
      ['Sachertorte with whipped cream', 'Chocolate, apricot, chocolate.', 'gluten,eggs,milk', 'v'],
      ['Salzburger Nockerl', 'A sweet soufflé like snowy peaks.', 'eggs,milk', 'v'],
    ],
  },
  moroccan: {
    names: ['Marrakech Nights', 'Moroccan Feast', 'Tagine Dinner', 'Flavours of the Maghreb', 'Souk to Table', 'Atlas Mountains Menu'],
    blurbs: [
      'Moroccan cooking full of warm spices, preserved lemons and slow-cooked tagines, served with fluffy couscous.',
      'A feast from the souks of Marrakech, fragrant with saffron, cumin, cinnamon and fresh herbs.',
    ],
    starters: [
      ['Zaalouk smoky aubergine salad', 'With tomatoes, garlic and cumin.', '', 'Vl'],
      ['Briouats with spiced minced beef', 'Crisp little pastries.', 'gluten', 'm'],
    ],
    soups: [['Harira lentil and chickpea soup', 'Fragrant with coriander and lemon.', 'celery', 'V']],
    mains: [
      ['Chicken tagine with preserved lemon and olives', 'Slow-cooked and tender.', '', 'ml'],
      ['Lamb tagine with apricots and almonds', 'Sweet, savoury and spiced.', 'nuts', 'm'],
      ['Seven-vegetable couscous', 'Fluffy couscous, rich broth.', 'gluten,celery', 'V'],
    ],
    desserts: [
      ['Orange salad with cinnamon and dates', 'Fresh and fragrant.', '', 'V'],
      ['Almond briouats with honey', 'Crisp and sticky.', 'gluten,nuts', 'v'],
    ],
    price: 0.95,
  },
  nordic: {
    names: ['New Nordic Dinner', 'Forest & Fjord', 'Scandinavian Seasons', 'Hygge Evening', 'Nordic Tasting Menu', 'Wild & Foraged'],
    blurbs: [
      'Nordic-inspired cooking: pure flavours, fermentation, smoke and wild herbs, with produce from the region.',
      'A calm, seasonal tasting menu inspired by the kitchens of Copenhagen and Stockholm.',
    ],
    starters: [
      ['Cured salmon with beetroot and rye crumbs', 'Beetroot-cured for two days.', 'fish,gluten', 'f'],
      ['Celeriac tartare with hazelnuts', 'Salt-baked celeriac, brown butter.', 'celery,nuts,mustard,milk', 'vl'],
      ['Smørrebrød with shrimp and egg', 'Open rye sandwich, Danish style.', 'gluten,crustaceans,eggs,milk', 'f'],
    ],
    mains: [
      ['Arctic char with brown butter, dill and new potatoes', 'Gently cooked, crisp skin.', 'fish,milk', 'f'],
      ['Venison loin with lingonberries and root vegetables', 'From local hunters.', 'milk,celery', 'ml'],
      ['Barley risotto with mushrooms and aged cheese', 'Nutty and earthy.', 'gluten,milk', 'v'],
    ],
    desserts: [
      ['Cardamom buns with sea-buckthorn cream', 'Warm and fragrant.', 'gluten,milk,eggs', 'v'],
      ['Skyr with rhubarb and oat crumble', 'Tart, creamy and crunchy.', 'milk,gluten', 'v'],
    ],
    price: 1.1,
  },
};

export const MENU_CLOSERS = [
  'I shop at the market on the morning of your dinner and cook everything fresh in your kitchen.',
  'Everything is made from scratch, and I leave your kitchen spotless.',
  'Tell me about allergies or preferences when you book, and I will adapt the dishes.',
  'Wine pairing suggestions are included; just ask.',
  'Perfect for birthdays, anniversaries and relaxed evenings with friends.',
  'I bring my own knives, pans and plating tools; you only need a working oven and hob.',
  'Bread, butter and a small sweet with the coffee are always included.',
  'Portions are generous, and leftovers are packed up for the next day.',
];

/** Career backgrounds; `minYears` keeps a sous-chef story away from someone with two years of experience. */
export const BIO_BACKGROUNDS: { minYears: number; text: string }[] = [
  { minYears: 4, text: 'After my apprenticeship as a chef I spent {years} years in restaurant kitchens in {city} and abroad before I started cooking for private guests.' },
  { minYears: 8, text: 'I have been cooking professionally for {years} years, most recently as sous-chef in a restaurant with 16 Gault&Millau points.' },
  { minYears: 0, text: "Cooking has been my passion since I was a child in my grandmother's kitchen; for the last {years} years it has also been my job." },
  { minYears: 8, text: 'I trained at a hotel school and worked in hotels and restaurants across Europe for {years} years.' },
  { minYears: 0, text: 'I came to {city} {years} years ago and have been cooking for private dinners, weddings and company events ever since.' },
  { minYears: 3, text: 'I run a small catering business in {city} and have {years} years of experience cooking for groups large and small.' },
];

export const BIO_STYLES = [
  'My cooking is seasonal, honest and full of flavour.',
  'I love bringing people together around a long table.',
  'I like to keep things relaxed: great produce, bold flavours, no fuss.',
  'I buy vegetables from local farms and fish from sustainable fisheries.',
  'Every menu tells a story, and I love sharing it with your guests while I cook.',
  'For me, a great dinner is about the people as much as the food.',
];

export const BIO_CLOSERS = [
  'I look forward to cooking for you and your guests!',
  'Send me a message if you have special wishes; I love a challenge.',
  'Let\'s plan your perfect evening together.',
  'Happy to adapt any menu to allergies and diets.',
];

export const REVIEW_TEXTS_GREAT = [
  'An unforgettable evening! Every course was delicious and beautifully presented. Our guests are still talking about it.',
  'Absolutely fantastic. {chef} was punctual, friendly and the kitchen was cleaner than before. We will book again.',
  'Restaurant quality at home. The main course was the best I have had this year.',
  'We booked for my husband\'s 50th birthday and it was perfect from start to finish. Thank you, {chef}!',
  'Wonderful food, great conversation, zero stress for us as hosts. Highly recommended.',
  '{chef} took our allergies very seriously and adapted the menu without any fuss. Everything tasted amazing.',
  'The dessert alone was worth it. Generous portions and lovely presentation.',
  'Professional, warm and incredibly talented. Our guests kept asking for the recipes.',
  'Perfect evening with friends. The timing between courses was just right.',
  'Such a great experience. {chef} explained every dish and made us feel like guests at our own party.',
];

export const REVIEW_TEXTS_GOOD = [
  'Very good food and friendly service. The main course was a little salty for our taste, but overall a lovely evening.',
  'Great menu and nice chef. It took a bit longer than planned between courses, but the quality was excellent.',
  'Lovely dinner, everyone enjoyed it. We would have liked slightly bigger portions of the main course.',
  'Good experience overall. Communication before the event could have been quicker, but the food was delicious.',
];

export const REVIEW_TEXTS_MIXED = [
  'The starter and dessert were very good, but the main course was lukewarm when served. The chef apologised.',
  'Nice person, but the evening felt rushed and the kitchen was not quite as clean as we had hoped afterwards.',
];

export const REVIEW_REPLIES = [
  'Thank you so much, {customer}! It was a pleasure cooking for you and your guests.',
  'Thank you for the kind words and for being such wonderful hosts. See you next time!',
  'Many thanks, {customer}. I am so glad you enjoyed the evening.',
  'Thank you for your honest feedback, {customer}. I have taken it to heart for my next dinners.',
];

export const OPENING_MESSAGES = [
  'Hi {chef}, we are celebrating {occasion} and would love to book your menu. Looking forward to it!',
  'Hello {chef}, we are {guests} adults. One guest does not eat pork. Is that okay for this menu?',
  'Hi {chef}, our kitchen has a gas hob and a normal oven. Is there anything else you need?',
  'Dear {chef}, we saw your menu and it looks wonderful. Could you also bring a simple dessert wine suggestion?',
  'Hi {chef}, is it possible to serve the main course family-style on platters?',
];

export const CHEF_REPLIES = [
  'Hi {customer}, thank you for your request! That sounds lovely, I am happy to cook for you.',
  'Hello {customer}, no problem at all, I will adapt the dish accordingly.',
  'Hi {customer}, your kitchen sounds perfect. I will arrive about two hours before dinner to prepare.',
  'Thank you, {customer}! I will send you a short shopping list for drinks a few days before.',
];

export const FOLLOW_UPS = [
  'Perfect, thank you! We are really looking forward to it.',
  'Great, see you then!',
  'Thank you for the quick answer.',
  'Wonderful, thanks again for a great evening!',
];

export const STREETS: Record<string, string[]> = {
  'Zürich': ['Seefeldstrasse', 'Bahnhofstrasse', 'Langstrasse', 'Hottingerstrasse', 'Forchstrasse', 'Rotbuchstrasse'],
  Basel: ['Gundeldingerstrasse', 'St. Alban-Vorstadt', 'Elsässerstrasse', 'Bruderholzallee'],
  Bern: ['Kramgasse', 'Muristrasse', 'Länggassstrasse', 'Thunstrasse'],
  Luzern: ['Haldenstrasse', 'Obergrundstrasse', 'Bruchstrasse'],
  Lausanne: ['Avenue de Cour', 'Chemin de Bellerive', 'Rue de Bourg'],
  'Genève': ['Rue de Carouge', 'Quai Gustave-Ador', 'Chemin de Malagnou'],
  'St. Gallen': ['Rosenbergstrasse', 'Multergasse', 'Rorschacher Strasse'],
  Winterthur: ['Technikumstrasse', 'Römerstrasse', 'Wartstrasse'],
  'München': ['Leopoldstraße', 'Maximilianstraße', 'Nymphenburger Straße', 'Sendlinger Straße'],
  Berlin: ['Kastanienallee', 'Bergmannstraße', 'Kurfürstendamm', 'Oderberger Straße'],
  Hamburg: ['Elbchaussee', 'Eppendorfer Weg', 'Mühlenkamp'],
  'Köln': ['Aachener Straße', 'Zülpicher Straße', 'Severinstraße'],
  'Frankfurt am Main': ['Schweizer Straße', 'Berger Straße', 'Oeder Weg'],
};

// The booking API's list of occasions is the one source; the demo data only adds the phrases it writes.
export { OCCASIONS };

export const OCCASION_TEXT: Record<(typeof OCCASIONS)[number], string> = {
  birthday: 'a birthday',
  anniversary: 'our anniversary',
  holiday_gathering: 'the holidays',
  graduation: 'a graduation',
  family_reunion: 'a family reunion',
  dinner_party: 'a dinner party with friends',
  baby_shower: 'a baby shower',
  engagement_party: 'our engagement',
  retirement: 'a retirement',
  housewarming: 'our housewarming',
  friendsgiving: 'Friendsgiving',
  other: 'a special evening',
};

export const DECLINE_REASONS = [
  'I am very sorry, I am already fully booked that weekend.',
  'Unfortunately I cannot cater for this number of guests with this menu.',
  'Sorry, the location is outside the area I can travel to on that day.',
];

export const CHEF_CANCEL_REASONS = ['I am sorry, I have to cancel because of an illness in my family.', 'Unfortunately I injured my hand and cannot cook on that day.'];
export const CUSTOMER_CANCEL_REASONS = ['Our plans changed, sorry!', 'We have to postpone the celebration.', 'Several guests fell ill.'];

export const REJECTION_REASONS = [
  'Your food-hygiene certificate has expired. Please upload a current certificate and submit your application again.',
  'The photo on your ID document is not readable. Please upload a clearer scan of the front and back.',
];

export const BAN_REASON = 'Repeated cancellations of confirmed bookings shortly before the event.';
