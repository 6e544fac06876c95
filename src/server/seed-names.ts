// Invented demo data for seed.ts. Phone numbers use ranges set aside for fiction
// (UK 020 7946 0xxx, North American 555-01xx, Australian 02 5550 xxxx) or read as such;
// email domains use the reserved .example / example.* names, so no real person is mailed.

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Amelia',
  'Noah',
  'Sofia',
  'Lucas',
  'Mia',
  'Ethan',
  'Chloe',
  'Mateo',
  'Hannah',
  'Leon',
  'Aisha',
  'Omar',
  'Emma',
  'Felix',
  'Priya',
  'Arjun',
  'Yuki',
  'Kenji',
  'Zoe',
  'Daniel',
  'Grace',
  'Samuel',
  'Ines',
  'Hugo',
  'Clara',
  'Jonas',
  'Fatima',
  'Diego',
  'Lena',
  'Marcus',
  'Nora',
  'Elias',
  'Maya',
  'Oscar',
  'Leila',
  'Tomas',
  'Ruby',
  'Adrian',
] as const

// 41 names: a prime count pairs every first name with every last name once per cycle.
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Martin',
  'Muller',
  'Schmidt',
  'Dubois',
  'Moreau',
  'Lopez',
  'Fernandez',
  'Rossi',
  'Taylor',
  'Wilson',
  'Nguyen',
  'Kim',
  'Patel',
  'Singh',
  'Khan',
  'Cohen',
  'Novak',
  'Kowalski',
  'Jensen',
  'Larsen',
  'Silva',
  'Santos',
  'Walker',
  'Hughes',
  'Campbell',
  'Murphy',
  'Kelly',
  'Chen',
  'Wong',
  'Tanaka',
  'Sato',
  'Okafor',
  'Mensah',
  'Haddad',
  'Fischer',
  'Weber',
  'Bennett',
] as const

export const EMAIL_DOMAINS = [
  'example.com',
  'example.net',
  'example.org',
  'mail.example',
  'northwind.example',
  'bluepeak.example',
] as const

interface City {
  city: string
  country: string
  /** Everything before the varying digits. */
  prefix: string
  digits: number
  /** How many customers live here relative to the others, so the city chart has a shape. */
  weight: number
}

const CITIES: City[] = [
  { city: 'London', country: 'United Kingdom', prefix: '+44 20 7946 0', digits: 3, weight: 9 },
  { city: 'New York', country: 'United States', prefix: '+1 212 555 01', digits: 2, weight: 8 },
  { city: 'Toronto', country: 'Canada', prefix: '+1 416 555 01', digits: 2, weight: 6 },
  { city: 'Berlin', country: 'Germany', prefix: '+49 30 5550', digits: 4, weight: 5 },
  { city: 'Manchester', country: 'United Kingdom', prefix: '+44 161 496 0', digits: 3, weight: 5 },
  { city: 'Chicago', country: 'United States', prefix: '+1 312 555 01', digits: 2, weight: 4 },
  { city: 'Paris', country: 'France', prefix: '+33 1 55 55 ', digits: 4, weight: 4 },
  { city: 'Madrid', country: 'Spain', prefix: '+34 91 555 ', digits: 4, weight: 3 },
  { city: 'Sydney', country: 'Australia', prefix: '+61 2 5550 ', digits: 4, weight: 2 },
]

/** One entry per unit of weight: picking a slot uniformly picks a city by its weight. */
export const CITY_SLOTS: readonly City[] = CITIES.flatMap((c) => Array<City>(c.weight).fill(c))
