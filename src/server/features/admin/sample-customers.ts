import { randomBytes } from 'node:crypto';

// Realistic UK names for POST /api/test/create-sample-users (the test customer page's "Create Test Customer Accounts", product §2).
const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Freya',
  'Priya',
  'Aisha',
  'Siobhan',
  'Megan',
  'Eleanor',
  'Oliver',
  'George',
  'Harry',
  'Noah',
  'Arjun',
  'Mohammed',
  'Callum',
  'Rhys',
  'Thomas',
  'Kwame',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Davies',
  'Evans',
  'Patel',
  'Khan',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Hughes',
  'Campbell',
  'MacDonald',
  'Begum',
  'Okafor',
];

const pick = <T>(list: readonly T[]): T => list[randomBytes(2).readUInt16BE(0) % list.length]!;

/** `count` sample customers with unique example.com addresses (a random suffix keeps them unique). */
export function sampleCustomers(
  count: number,
): Array<{ firstName: string; lastName: string; email: string }> {
  return Array.from({ length: count }, () => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const suffix = randomBytes(4).toString('hex');
    return {
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${suffix}@example.com`.toLowerCase(),
    };
  });
}
