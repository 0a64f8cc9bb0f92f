// Demo data for the idempotent seed script: 30 carer profiles across the UK, the family members who
// reviewed them, and their reviews. Pure data only; every option value comes from @contracts/options.
// All people here are fictional; emails use the reserved example.com domain.

import type { AvailabilityOption, ExperienceLevel, Qualification, Specialization } from '@contracts/options';

export interface SeedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  /** How long ago the review was written, in days (1-400). */
  daysAgo: number;
  /** A key of SEED_REVIEWERS; each reviewer reviews a given carer at most once. */
  reviewerKey: string;
}

export interface SeedCarer {
  /** Stable slug, unique: the seed script's idempotency key. */
  key: string;
  firstName: string;
  lastName: string;
  /** Unique, lowercase, at example.com. */
  email: string;
  specialization: Specialization;
  experience: ExperienceLevel;
  /** 'Town, County'. */
  location: string;
  /** A real postcode district of that town. */
  postcodeDistrict: string;
  /** Pounds with pence, e.g. '16.50'. */
  hourlyRateMin: string;
  /** Pounds with pence, >= hourlyRateMin. */
  hourlyRateMax: string;
  /** 180-600 characters, first person, UK spelling. */
  description: string;
  /** 2-6, no duplicates. */
  qualifications: Qualification[];
  /** 1-4, no duplicates. */
  availability: AvailabilityOption[];
  isVerified: boolean;
  isActive: boolean;
  /** 0-60. */
  lastActiveDaysAgo: number;
  /** 0-12. */
  reviews: SeedReview[];
}

export interface SeedReviewer {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const SEED_REVIEWERS: SeedReviewer[] = [
  { key: 'priya-shah', firstName: 'Priya', lastName: 'Shah', email: 'reviewer.priya.shah@example.com' },
  {
    key: 'james-whitaker',
    firstName: 'James',
    lastName: 'Whitaker',
    email: 'reviewer.james.whitaker@example.com',
  },
  { key: 'fatima-begum', firstName: 'Fatima', lastName: 'Begum', email: 'reviewer.fatima.begum@example.com' },
  { key: 'david-morris', firstName: 'David', lastName: 'Morris', email: 'reviewer.david.morris@example.com' },
  {
    key: 'claire-robertson',
    firstName: 'Claire',
    lastName: 'Robertson',
    email: 'reviewer.claire.robertson@example.com',
  },
  { key: 'aled-morgan', firstName: 'Aled', lastName: 'Morgan', email: 'reviewer.aled.morgan@example.com' },
  {
    key: 'grace-thompson',
    firstName: 'Grace',
    lastName: 'Thompson',
    email: 'reviewer.grace.thompson@example.com',
  },
  {
    key: 'mohammed-akhtar',
    firstName: 'Mohammed',
    lastName: 'Akhtar',
    email: 'reviewer.mohammed.akhtar@example.com',
  },
  { key: 'karen-doyle', firstName: 'Karen', lastName: 'Doyle', email: 'reviewer.karen.doyle@example.com' },
  { key: 'emma-fraser', firstName: 'Emma', lastName: 'Fraser', email: 'reviewer.emma.fraser@example.com' },
  { key: 'niall-mccann', firstName: 'Niall', lastName: 'McCann', email: 'reviewer.niall.mccann@example.com' },
  { key: 'ruth-ellison', firstName: 'Ruth', lastName: 'Ellison', email: 'reviewer.ruth.ellison@example.com' },
  {
    key: 'winston-clarke',
    firstName: 'Winston',
    lastName: 'Clarke',
    email: 'reviewer.winston.clarke@example.com',
  },
  { key: 'lucy-pearson', firstName: 'Lucy', lastName: 'Pearson', email: 'reviewer.lucy.pearson@example.com' },
];

export const SEED_CARERS: SeedCarer[] = [
  // ---------------------------------------------------------------- Leeds, West Yorkshire
  {
    key: 'margaret-okafor-leeds',
    firstName: 'Margaret',
    lastName: 'Okafor',
    email: 'margaret.okafor@example.com',
    specialization: 'Elderly Care',
    experience: 'More than 10 years',
    location: 'Leeds, West Yorkshire',
    postcodeDistrict: 'LS6',
    hourlyRateMin: '17.50',
    hourlyRateMax: '23.00',
    description:
      'I spent twelve years as a senior carer at a residential home in Headingley before going independent in 2019. Most of my clients live alone and want to stay in their own homes, so I help with washing, dressing, meals and medication prompts, and I keep a daily notes book for families to read. I drive and have my own car for GP appointments and trips to Kirkgate Market. Cats and dogs are no problem.',
    qualifications: ['NVQ Level 3', 'First Aid Certified', 'Medication Administration', 'Manual Handling'],
    availability: ['Weekdays', 'Weekends', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 1,
    reviews: [
      {
        rating: 5,
        comment:
          "Margaret has been coming to Mum three mornings a week since March. She's never once been late, and Mum now looks forward to her visits instead of dreading 'being fussed over'.",
        daysAgo: 12,
        reviewerKey: 'priya-shah',
      },
      {
        rating: 5,
        comment:
          "Dad has Parkinson's and his tablets have to be on time. Margaret keeps to the schedule to the minute and writes everything in the notes book so we can see how his day went.",
        daysAgo: 34,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 5,
        comment:
          "Kind, calm and very respectful of my grandmother's faith and routines. She even learnt to make the sweet rice Nani likes.",
        daysAgo: 58,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 5,
        comment:
          "After Mum's hip operation Margaret got her up and about again with real patience. The physio said she'd done a great job keeping up the exercises.",
        daysAgo: 81,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Very reliable and lovely with my aunt. Only knocked off a star because her Friday availability is limited, which she was upfront about from the start.',
        daysAgo: 103,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          "Margaret spotted that Gran's ankles were swelling and rang us straight away. It turned out to be a medication issue the GP sorted quickly. We're so grateful she noticed.",
        daysAgo: 140,
        reviewerKey: 'grace-thompson',
      },
      {
        rating: 5,
        comment:
          "Took Dad to his hospital appointment and sat with him the whole time, then brought him home and made his tea. Couldn't ask for more.",
        daysAgo: 166,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 5,
        comment:
          'Professional, warm and always punctual. My mother-in-law can be quite stubborn about personal care and Margaret handles it with humour and tact.',
        daysAgo: 201,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 4,
        comment:
          'Good, dependable care for my father over the winter. Communication by text was excellent. Would use again.',
        daysAgo: 245,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          "She treats Mum like a person, not a list of tasks. They do the crossword together every morning and Mum's confidence has come right back.",
        daysAgo: 290,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 5,
        comment:
          "Covered at very short notice when our usual carer was ill over Christmas. Margaret was a lifesaver and Dad didn't miss a single meal or dose.",
        daysAgo: 352,
        reviewerKey: 'lucy-pearson',
      },
    ],
  },
  {
    key: 'daniel-brennan-leeds',
    firstName: 'Daniel',
    lastName: 'Brennan',
    email: 'daniel.brennan@example.com',
    specialization: 'Disability Support',
    experience: '3-5 years',
    location: 'Leeds, West Yorkshire',
    postcodeDistrict: 'LS8',
    hourlyRateMin: '16.00',
    hourlyRateMax: '21.00',
    description:
      "I support adults with learning disabilities and autism to live as independently as they want to. Before going self-employed I worked for four years in supported living in Roundhay, helping people with cooking, budgeting, travel training and getting to college. I'm hoist and sling trained, I use Makaton, and I'm a keen swimmer, so trips to the leisure centre are a regular favourite.",
    qualifications: ['Manual Handling', 'SEND Training', 'First Aid Certified'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 4,
    reviews: [
      {
        rating: 5,
        comment:
          'Daniel has helped my son learn to catch the bus into town on his own, something we never thought would happen. Brilliant with him.',
        daysAgo: 20,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Reliable and good-humoured. My brother really enjoys their Thursday swimming sessions. Occasionally ten minutes late after his previous client.',
        daysAgo: 77,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 5,
        comment:
          'Uses Makaton with my daughter without being asked and has got her helping with the weekly shop. Thoughtful and very patient.',
        daysAgo: 150,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 4,
        comment:
          "Good support for my nephew with his cooking and budgeting. Keeps a clear record of what they've done each visit.",
        daysAgo: 230,
        reviewerKey: 'aled-morgan',
      },
    ],
  },
  {
    key: 'aisha-rahman-leeds',
    firstName: 'Aisha',
    lastName: 'Rahman',
    email: 'aisha.rahman@example.com',
    specialization: 'Companion Care',
    experience: '1-2 years',
    location: 'Leeds, West Yorkshire',
    postcodeDistrict: 'LS17',
    hourlyRateMin: '14.00',
    hourlyRateMax: '17.00',
    description:
      'I offer friendly companionship for older people who feel a bit isolated. I speak Urdu, Punjabi and English, which helps many of the aunties and uncles I visit feel at home straight away. I enjoy walks round Roundhay Park, helping with letters and online shopping, and simply having a proper chat over a cup of chai.',
    qualifications: ['First Aid Certified'],
    availability: ['Weekdays', 'Weekends'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 2,
    reviews: [
      {
        rating: 5,
        comment:
          'My dad only speaks a little English and Aisha chats with him in Punjabi for hours. He tells everyone about "his Aisha" now. Such a kind young woman.',
        daysAgo: 15,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 4,
        comment:
          'Helps Ammi with her online banking and the weekly food order. Very patient explaining things twice. Lovely company too.',
        daysAgo: 64,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 5,
        comment:
          'Aisha takes my grandmother to the park most afternoons and reads her the local news. Always messages me afterwards to say how she got on.',
        daysAgo: 120,
        reviewerKey: 'priya-shah',
      },
    ],
  },

  // ---------------------------------------------------------------- North Yorkshire
  {
    key: 'susan-whitfield-york',
    firstName: 'Susan',
    lastName: 'Whitfield',
    email: 'susan.whitfield@example.com',
    specialization: 'Dementia Care',
    experience: 'More than 10 years',
    location: 'York, North Yorkshire',
    postcodeDistrict: 'YO24',
    hourlyRateMin: '19.00',
    hourlyRateMax: '25.00',
    description:
      "I've cared for people living with dementia for fifteen years, first on a specialist unit in Acomb and now independently. I use life story work and memory boxes to help clients feel settled, and I'm good at gently managing sundowning and restless evenings. I also offer waking nights so family carers can get a proper rest, and I send families a short update after every visit.",
    qualifications: ['NVQ Level 3', 'Dementia Care Training', 'Medication Administration', 'Manual Handling'],
    availability: ['Weekdays', 'Nights'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 0,
    reviews: [
      {
        rating: 5,
        comment:
          "Susan put together a memory box with Mum's old photos and her school reports. Mum lights up every time they go through it together.",
        daysAgo: 9,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          "Her waking nights gave me my first full night's sleep in months. Dad was settled and safe, and Susan left detailed notes each morning.",
        daysAgo: 45,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          "Handles Mum's late-afternoon agitation brilliantly. She puts on Mum's favourite old records and makes a pot of tea, and the anxiety just melts away.",
        daysAgo: 97,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 4,
        comment:
          "Very experienced and knowledgeable. She'd be five stars, but she's so popular it was hard to book extra nights over the summer.",
        daysAgo: 160,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 5,
        comment:
          "Susan understood Dad's dementia better than some of the professionals we'd seen. Calm, kind and never rushed him.",
        daysAgo: 222,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 5,
        comment:
          "We worried Gran would refuse help from a stranger, but Susan took the time to get to know her over a few short visits first. Now they're firm friends.",
        daysAgo: 310,
        reviewerKey: 'grace-thompson',
      },
    ],
  },
  {
    key: 'tomasz-nowak-york',
    firstName: 'Tomasz',
    lastName: 'Nowak',
    email: 'tomasz.nowak@example.com',
    specialization: 'Elderly Care',
    experience: '6-10 years',
    location: 'York, North Yorkshire',
    postcodeDistrict: 'YO31',
    hourlyRateMin: '16.50',
    hourlyRateMax: '22.00',
    description:
      "I came to York from Kraków in 2015 and have worked in elderly care ever since, often with men who prefer a male carer for personal care. I help with showering, shaving, mobility and meals, and I'm confident using stand aids and rotundas. I speak Polish and English. I'm happy to do small jobs while I'm there, like changing a bulb or putting the bins out.",
    qualifications: ['NVQ Level 2', 'Manual Handling', 'First Aid Certified'],
    availability: ['Weekends', 'Evenings', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 6,
    reviews: [
      {
        rating: 5,
        comment:
          'Dad was embarrassed about needing help in the shower but is much happier with Tomasz. Respectful, cheerful and very careful about safety.',
        daysAgo: 28,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Good weekend cover for my grandad. Turns up on time and gets on well with him. Sometimes forgets to fill in the log book.',
        daysAgo: 89,
        reviewerKey: 'lucy-pearson',
      },
      {
        rating: 5,
        comment:
          "Tomasz came out at two hours' notice when Mum had a fall and her usual carer couldn't get there. He stayed until the paramedics had been.",
        daysAgo: 175,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 3,
        comment:
          "Perfectly competent care, but communication with the family wasn't great at first. It improved after we agreed he'd text a quick update after each visit.",
        daysAgo: 260,
        reviewerKey: 'niall-mccann',
      },
    ],
  },
  {
    key: 'helen-marsden-harrogate',
    firstName: 'Helen',
    lastName: 'Marsden',
    email: 'helen.marsden@example.com',
    specialization: 'Palliative Care',
    experience: 'More than 10 years',
    location: 'Harrogate, North Yorkshire',
    postcodeDistrict: 'HG2',
    hourlyRateMin: '24.00',
    hourlyRateMax: '32.00',
    description:
      "I'm a registered nurse with eighteen years' experience, the last nine in a hospice, and I now provide end-of-life care in people's own homes around Harrogate and Knaresborough. I work alongside the district nurses, offer waking nights and live-in support, and I'm there for the whole family, not just the patient. My aim is always comfort, dignity and a peaceful home.",
    qualifications: [
      'Nursing Qualification',
      'Medication Administration',
      'Manual Handling',
      'First Aid Certified',
    ],
    availability: ['Nights', 'Live-in Care', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 3,
    reviews: [
      {
        rating: 5,
        comment:
          "Helen cared for my father in his last three weeks. She kept him comfortable, explained everything gently, and sat with me on the hardest night. I'll never forget her kindness.",
        daysAgo: 40,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          'Calm, professional and compassionate. She worked closely with the district nurses and made sure Mum could stay at home as she wished.',
        daysAgo: 115,
        reviewerKey: 'grace-thompson',
      },
      {
        rating: 5,
        comment:
          'Her live-in support meant my mother could spend her last days in her own bed with her garden outside the window. Thank you seems too small a word.',
        daysAgo: 188,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 4,
        comment:
          'Excellent nursing care for my uncle. Her rates are on the higher side, but honestly worth every penny for the peace of mind.',
        daysAgo: 265,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 5,
        comment:
          'She looked after Dad and looked after us too. Always explained what was happening and what to expect next.',
        daysAgo: 380,
        reviewerKey: 'priya-shah',
      },
    ],
  },

  // ---------------------------------------------------------------- Greater Manchester
  {
    key: 'nisha-chauhan-manchester',
    firstName: 'Nisha',
    lastName: 'Chauhan',
    email: 'nisha.chauhan@example.com',
    specialization: 'Dementia Care',
    experience: '6-10 years',
    location: 'Manchester, Greater Manchester',
    postcodeDistrict: 'M20',
    hourlyRateMin: '18.00',
    hourlyRateMax: '24.00',
    description:
      "I have eight years' experience supporting people with Alzheimer's and vascular dementia, including three years at a memory day service in south Manchester. I speak Gujarati and Hindi, and I know how much it matters when someone loses their second language and can only be reached in their first. I cook vegetarian meals, prompt medication and help families set up simple routines that reduce confusion.",
    qualifications: ['Dementia Care Training', 'NVQ Level 3', 'Medication Administration'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 2,
    reviews: [
      {
        rating: 5,
        comment:
          "Ba had started to lose her English and Nisha speaks to her in Gujarati. She's calmer, eating better and even singing bhajans again.",
        daysAgo: 22,
        reviewerKey: 'priya-shah',
      },
      {
        rating: 5,
        comment:
          "Nisha made a picture board of Nana's daily routine and it has made a real difference to how often he gets confused.",
        daysAgo: 70,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 4,
        comment:
          "Kind and organised, and she always arrives on time. Our only issue was that she can't do weekends.",
        daysAgo: 133,
        reviewerKey: 'lucy-pearson',
      },
      {
        rating: 5,
        comment:
          'We tried two agencies before Nisha. The difference is she actually knows Mum now: her likes, her bad days, how to coax her out for a walk.',
        daysAgo: 199,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 4,
        comment:
          "Good dementia knowledge and a lovely manner with my father-in-law. I'd like a bit more detail in the daily notes, but otherwise great.",
        daysAgo: 301,
        reviewerKey: 'claire-robertson',
      },
    ],
  },
  {
    key: 'kwame-asante-manchester',
    firstName: 'Kwame',
    lastName: 'Asante',
    email: 'kwame.asante@example.com',
    specialization: 'Disability Support',
    experience: '6-10 years',
    location: 'Manchester, Greater Manchester',
    postcodeDistrict: 'M21',
    hourlyRateMin: '17.00',
    hourlyRateMax: '23.00',
    description:
      "I support adults with physical disabilities, including MS, cerebral palsy and spinal injuries. I'm trained in hoisting, PEG feeding and catheter care, and I've done live-in placements of two to four weeks. I volunteered as a wheelchair basketball coach in Chorlton for years, so I'm all about helping clients get out and do what they love, whether that's a match at the weekend or a pint with friends.",
    qualifications: ['Manual Handling', 'Medication Administration', 'SEND Training', 'First Aid Certified'],
    availability: ['Weekdays', 'Nights', 'Live-in Care'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 5,
    reviews: [
      {
        rating: 5,
        comment:
          "Kwame supports my brother, who has MS, four days a week. He's strong, careful with the hoist and always up for a laugh. My brother trusts him completely.",
        daysAgo: 18,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 5,
        comment:
          'Did a three-week live-in so I could have surgery. Everything ran like clockwork and he sent me an update every evening.',
        daysAgo: 95,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Very capable and confident with PEG feeds. A couple of rota mix-ups early on, but sorted quickly.',
        daysAgo: 170,
        reviewerKey: 'aled-morgan',
      },
      {
        rating: 5,
        comment:
          'He got my son back to watching matches with his mates, which no one else had managed. Genuinely life-changing for him.',
        daysAgo: 240,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 5,
        comment:
          'Punctual, professional and treats my husband as an adult rather than a patient. Hugely recommend.',
        daysAgo: 330,
        reviewerKey: 'ruth-ellison',
      },
    ],
  },
  {
    key: 'chloe-hughes-manchester',
    firstName: 'Chloe',
    lastName: 'Hughes',
    email: 'chloe.hughes@example.com',
    specialization: 'Childcare',
    experience: '1-2 years',
    location: 'Manchester, Greater Manchester',
    postcodeDistrict: 'M14',
    hourlyRateMin: '13.50',
    hourlyRateMax: '16.00',
    description:
      "I'm a nanny specialising in children with additional needs, particularly autism and ADHD. I hold a Level 3 childcare diploma and recently completed SEND training. I do school pick-ups, after-school care and evening sitting, which gives parents time for themselves or to take a grandparent to appointments. I'm creative and calm, and sensory play is my favourite part of the job.",
    qualifications: ['Paediatric First Aid', 'SEND Training'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: false,
    isActive: true,
    lastActiveDaysAgo: 9,
    reviews: [
      {
        rating: 5,
        comment:
          "Chloe picks up my autistic son from school twice a week. She always follows his visual timetable and he's happy to go with her.",
        daysAgo: 26,
        reviewerKey: 'grace-thompson',
      },
      {
        rating: 4,
        comment:
          'Lovely with both kids and very reliable for evening sitting. Just wish she was available more often!',
        daysAgo: 110,
        reviewerKey: 'niall-mccann',
      },
    ],
  },
  {
    key: 'joanne-pickering-stockport',
    firstName: 'Joanne',
    lastName: 'Pickering',
    email: 'joanne.pickering@example.com',
    specialization: 'Elderly Care',
    experience: '3-5 years',
    location: 'Stockport, Greater Manchester',
    postcodeDistrict: 'SK4',
    hourlyRateMin: '15.50',
    hourlyRateMax: '19.50',
    description:
      'I worked for three and a half years with a home care agency in Stockport before going independent, so I can spend proper time with each client rather than rushing fifteen-minute calls. I help with morning and bedtime routines, light housework, shopping and cooking. I live in Heaton Moor and drive, so Didsbury, Cheadle and Reddish are all easy for me.',
    qualifications: ['NVQ Level 2', 'First Aid Certified'],
    availability: ['Weekdays', 'Weekends'],
    isVerified: false,
    isActive: true,
    lastActiveDaysAgo: 3,
    reviews: [],
  },

  // ---------------------------------------------------------------- Bristol
  {
    key: 'olumide-adeyemi-bristol',
    firstName: 'Olumide',
    lastName: 'Adeyemi',
    email: 'olumide.adeyemi@example.com',
    specialization: 'Palliative Care',
    experience: '6-10 years',
    location: 'Bristol, City of Bristol',
    postcodeDistrict: 'BS7',
    hourlyRateMin: '22.00',
    hourlyRateMax: '30.00',
    description:
      "I've spent seven years supporting people at the end of life, first as a healthcare assistant on an oncology ward and then in the community around Horfield and Bishopston. I provide night sitting and live-in care so families can rest and spend time together rather than worrying about tasks. I'm trained in medication administration and pressure area care, and I support people of every faith and none.",
    qualifications: ['NVQ Level 3', 'Medication Administration', 'Manual Handling', 'First Aid Certified'],
    availability: ['Nights', 'Live-in Care'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 8,
    reviews: [
      {
        rating: 5,
        comment:
          "Olumide sat with Mum every night in her final fortnight. He was so gentle with her and made sure we slept. We couldn't have managed without him.",
        daysAgo: 31,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 5,
        comment:
          'Quiet, respectful and hugely competent. He kept Dad comfortable and repositioned him regularly. No pressure sores at all.',
        daysAgo: 112,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 4,
        comment:
          'Caring and reliable nights. It took a little while to agree the handover with the day carers, but once set up it worked well.',
        daysAgo: 205,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          'Did live-in care for my grandad for six weeks. They listened to the cricket on the radio together. Dignified, kind care right to the end.',
        daysAgo: 340,
        reviewerKey: 'aled-morgan',
      },
    ],
  },
  {
    key: 'megan-pritchard-bristol',
    firstName: 'Megan',
    lastName: 'Pritchard',
    email: 'megan.pritchard@example.com',
    specialization: 'Companion Care',
    experience: 'Less than 1 year',
    location: 'Bristol, City of Bristol',
    postcodeDistrict: 'BS3',
    hourlyRateMin: '13.50',
    hourlyRateMax: '16.00',
    description:
      "I'm in my second year studying occupational therapy, and I visit older people in Bedminster and Southville for company at weekends and in the evenings. I love board games, baking and hearing about how Bristol used to be. I can help with video calls to grandchildren, and I'm happy to walk with clients to the shops or a café on North Street.",
    qualifications: ['First Aid Certified'],
    availability: ['Weekends', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 1,
    reviews: [
      {
        rating: 5,
        comment:
          "Megan visits my nan every Saturday and has taught her to video call my cousins in Australia. Nan says she's the highlight of her week.",
        daysAgo: 6,
        reviewerKey: 'lucy-pearson',
      },
    ],
  },

  // ---------------------------------------------------------------- Birmingham, West Midlands
  {
    key: 'harjit-sandhu-birmingham',
    firstName: 'Harjit',
    lastName: 'Sandhu',
    email: 'harjit.sandhu@example.com',
    specialization: 'Elderly Care',
    experience: 'More than 10 years',
    location: 'Birmingham, West Midlands',
    postcodeDistrict: 'B17',
    hourlyRateMin: '17.00',
    hourlyRateMax: '23.50',
    description:
      "I've been caring for older people in Birmingham for over fourteen years, in nursing homes and in people's own homes. I speak Punjabi, Hindi and English, and I'm comfortable with Sikh and Hindu dietary needs and daily prayers. I'm experienced with diabetes, stroke recovery and catheter care. I live in Harborne, cover Quinton, Edgbaston and Bearwood, and can often come at short notice.",
    qualifications: ['NVQ Level 3', 'Medication Administration', 'Manual Handling', 'Dementia Care Training'],
    availability: ['Weekdays', 'Weekends', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 0,
    reviews: [
      {
        rating: 5,
        comment:
          'Harjit aunty has looked after my father since his stroke. She speaks Punjabi with him and has got him walking to the end of the road again.',
        daysAgo: 14,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 5,
        comment:
          'Lovely, experienced lady. She understands a vegetarian kitchen and respects that Mum does her path every morning before anything else.',
        daysAgo: 52,
        reviewerKey: 'priya-shah',
      },
      {
        rating: 4,
        comment:
          "Very good with Dad's diabetes; she checks his sugars and keeps an eye on his feet. Sometimes hard to get hold of by phone in the evening.",
        daysAgo: 99,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 5,
        comment:
          'Came the same day when our previous carer let us down. Gran was settled by teatime. Thoroughly recommend.',
        daysAgo: 147,
        reviewerKey: 'grace-thompson',
      },
      {
        rating: 3,
        comment:
          'Caring and knowledgeable, but there were a couple of late arrivals during the snow in January. To be fair, she did ring to let us know.',
        daysAgo: 212,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 5,
        comment:
          "Her experience really shows. She noticed Mum's catheter was causing trouble before the nurse did.",
        daysAgo: 276,
        reviewerKey: 'david-morris',
      },
      {
        rating: 5,
        comment:
          'Harjit was patient and respectful with my grandfather, who can be quite proud. She always made sure he had a hot dinner.',
        daysAgo: 395,
        reviewerKey: 'lucy-pearson',
      },
    ],
  },
  {
    key: 'imran-hussain-birmingham',
    firstName: 'Imran',
    lastName: 'Hussain',
    email: 'imran.hussain@example.com',
    specialization: 'Disability Support',
    experience: '3-5 years',
    location: 'Birmingham, West Midlands',
    postcodeDistrict: 'B13',
    hourlyRateMin: '16.00',
    hourlyRateMax: '21.50',
    description:
      "I support young adults with autism and learning disabilities in and around Moseley, Kings Heath and Sparkhill. I spent four years at a day centre and I'm confident with positive behaviour support, sensory needs and building routines around college, work placements and hobbies. I speak Urdu and Mirpuri, I'm a big cricket fan, and I'm happy to take clients to the gym or the local football.",
    qualifications: ['Manual Handling', 'First Aid Certified', 'SEND Training'],
    availability: ['Weekdays', 'Weekends', 'Evenings'],
    isVerified: true,
    isActive: false,
    lastActiveDaysAgo: 47,
    reviews: [
      {
        rating: 5,
        comment:
          "Imran was fantastic with my nephew. He understood his sensory needs and took him to the gym three times a week. He's really missed.",
        daysAgo: 55,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 4,
        comment:
          'Good rapport with my son and reliable. We would have liked a bit more notice when he changed his hours.',
        daysAgo: 140,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 5,
        comment:
          "Patient and consistent. My daughter's meltdowns reduced a lot once she had the same person supporting her every day.",
        daysAgo: 250,
        reviewerKey: 'emma-fraser',
      },
    ],
  },

  // ---------------------------------------------------------------- Norwich, Norfolk
  {
    key: 'gillian-thorne-norwich',
    firstName: 'Gillian',
    lastName: 'Thorne',
    email: 'gillian.thorne@example.com',
    specialization: 'Dementia Care',
    experience: 'More than 10 years',
    location: 'Norwich, Norfolk',
    postcodeDistrict: 'NR2',
    hourlyRateMin: '18.50',
    hourlyRateMax: '24.00',
    description:
      "I ran the activities programme at a dementia care home in Norwich for eleven years before going independent. I now offer daytime support and live-in care for people with dementia, with lots of music, reminiscence and gentle exercise. I'm experienced with Lewy body dementia and the hallucinations that can come with it, and I know the Golden Triangle and Eaton areas well.",
    qualifications: ['NVQ Level 3', 'Dementia Care Training', 'Medication Administration', 'Manual Handling'],
    availability: ['Weekdays', 'Live-in Care'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 11,
    reviews: [
      {
        rating: 5,
        comment:
          "Gillian understood Dad's Lewy body hallucinations and never argued with him about what he was seeing. She just reassured him. Brilliant.",
        daysAgo: 8,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          'Mum used to sing in a choir and Gillian sings with her every afternoon. Her mood is so much better.',
        daysAgo: 60,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 4,
        comment: 'Very experienced and calm. Her live-in placements book up months ahead, so plan early!',
        daysAgo: 128,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 5,
        comment:
          "Kept my aunt active and engaged: walks round Eaton Park, baking, music. She's still herself thanks to Gillian.",
        daysAgo: 215,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 5,
        comment:
          'Honest, warm and completely trustworthy with keys and money. We felt Mum was in safe hands.',
        daysAgo: 370,
        reviewerKey: 'lucy-pearson',
      },
    ],
  },

  // ---------------------------------------------------------------- South and West Wales
  {
    key: 'rhian-llewellyn-cardiff',
    firstName: 'Rhian',
    lastName: 'Llewellyn',
    email: 'rhian.llewellyn@example.com',
    specialization: 'Elderly Care',
    experience: '6-10 years',
    location: 'Cardiff, South Glamorgan',
    postcodeDistrict: 'CF14',
    hourlyRateMin: '16.00',
    hourlyRateMax: '21.00',
    description:
      "Bore da! I'm a Welsh-speaking carer based in Whitchurch and I've looked after older people across north Cardiff for nine years. Many of my clients grew up speaking Welsh and love a natter in their first language. I help with personal care, mobility, meals and medication prompts. I drive, so Llandaff, Rhiwbina and Llanishen are all easy for me, and I'm happy to take clients to chapel.",
    qualifications: ['NVQ Level 3', 'First Aid Certified', 'Manual Handling'],
    availability: ['Weekdays', 'Weekends'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 2,
    reviews: [
      {
        rating: 5,
        comment:
          'Mam is much happier now she has someone to chat to in Welsh. Rhian is gentle with her personal care and always leaves the house tidy.',
        daysAgo: 16,
        reviewerKey: 'aled-morgan',
      },
      {
        rating: 5,
        comment:
          "Reliable, cheerful and very good with Dad's walking frame and stairlift. Punctual every single morning.",
        daysAgo: 84,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Lovely carer. She was off for two weeks in August and the cover arrangements could have been clearer, but otherwise excellent.',
        daysAgo: 156,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          'Rhian takes my grandmother to chapel on Sundays and sits with her through the service. It means the world to Nain.',
        daysAgo: 290,
        reviewerKey: 'emma-fraser',
      },
    ],
  },
  {
    key: 'abdi-warsame-cardiff',
    firstName: 'Abdi',
    lastName: 'Warsame',
    email: 'abdi.warsame@example.com',
    specialization: 'Companion Care',
    experience: '3-5 years',
    location: 'Cardiff, South Glamorgan',
    postcodeDistrict: 'CF5',
    hourlyRateMin: '14.00',
    hourlyRateMax: '18.00',
    description:
      "I'm a patient companion carer living in Canton. For four years I've visited older men and women who live alone, helping with shopping, GP appointments, reading the post and getting out for a walk along the Taff. I speak Somali, Arabic and English, and I'm comfortable supporting Muslim clients during Ramadan and with halal food. I'm working towards my NVQ Level 3 this year.",
    qualifications: ['First Aid Certified', 'NVQ Level 2'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: false,
    isActive: true,
    lastActiveDaysAgo: 14,
    reviews: [
      {
        rating: 5,
        comment:
          'Abdi has been a real friend to my father. They walk to the mosque together on Fridays and he helps Dad make sense of his letters from the council.',
        daysAgo: 42,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 4,
        comment:
          'Good company for my uncle and reliable. A little quiet at first, but they get on really well now.',
        daysAgo: 180,
        reviewerKey: 'winston-clarke',
      },
    ],
  },
  {
    key: 'gareth-prosser-swansea',
    firstName: 'Gareth',
    lastName: 'Prosser',
    email: 'gareth.prosser@example.com',
    specialization: 'Palliative Care',
    experience: 'More than 10 years',
    location: 'Swansea, West Glamorgan',
    postcodeDistrict: 'SA2',
    hourlyRateMin: '25.00',
    hourlyRateMax: '34.00',
    description:
      "I was a district nurse in Swansea for twenty years and now provide independent end-of-life care across Sketty, Killay and Mumbles. I offer night sitting, live-in care and emergency cover when a family needs support quickly. I'm experienced with syringe drivers, symptom control and mouth care, and I work closely with the GP and community nurses. Rwy'n siarad Cymraeg, so I'm happy to care in Welsh.",
    qualifications: ['Nursing Qualification', 'Medication Administration', 'Manual Handling'],
    availability: ['Nights', 'Live-in Care', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 19,
    reviews: [
      {
        rating: 5,
        comment:
          'Gareth looked after Dad in his last month. His experience showed in every decision, and he spoke to Dad in Welsh right to the end.',
        daysAgo: 65,
        reviewerKey: 'aled-morgan',
      },
      {
        rating: 5,
        comment:
          "Came out at eleven at night when Mum's pain became hard to manage and stayed until morning. Calm, kind and completely in control.",
        daysAgo: 190,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 4,
        comment:
          "Excellent nursing and great communication with the GP. Expensive, but you're paying for real expertise.",
        daysAgo: 320,
        reviewerKey: 'grace-thompson',
      },
    ],
  },

  // ---------------------------------------------------------------- Edinburgh
  {
    key: 'morag-sinclair-edinburgh',
    firstName: 'Morag',
    lastName: 'Sinclair',
    email: 'morag.sinclair@example.com',
    specialization: 'Dementia Care',
    experience: '6-10 years',
    location: 'Edinburgh, City of Edinburgh',
    postcodeDistrict: 'EH10',
    hourlyRateMin: '18.00',
    hourlyRateMax: '23.00',
    description:
      "I've supported people with dementia in Morningside and Bruntsfield for eight years. I hold an SVQ 3 in Social Services and Healthcare, I'm a PVG scheme member, and I've completed specialist dementia training. I love getting clients out to the Hermitage of Braid or a café on Morningside Road, and I'm good at making homes more dementia-friendly with simple changes to signage and lighting.",
    qualifications: ['NVQ Level 3', 'Dementia Care Training', 'First Aid Certified'],
    availability: ['Weekdays', 'Weekends', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 4,
    reviews: [
      {
        rating: 5,
        comment:
          "Morag labelled Mum's cupboards and swapped the bathroom bulb for a brighter one. Small things, but Mum is far more independent now.",
        daysAgo: 4,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 5,
        comment:
          "Takes Dad for a walk and a scone every afternoon. He's sleeping better and far less agitated in the evenings.",
        daysAgo: 72,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 4,
        comment:
          'Knowledgeable and kind. We had to change her days a couple of times and she was flexible, though Tuesdays never worked for her.',
        daysAgo: 145,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 5,
        comment:
          'Morag helped us through the really difficult stage when Mum stopped recognising the house. Patient and never judgemental.',
        daysAgo: 233,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 3,
        comment:
          'Good with my aunt, but we found the hourly rate a stretch and the visits sometimes felt short. The care itself was fine.',
        daysAgo: 360,
        reviewerKey: 'karen-doyle',
      },
    ],
  },
  {
    key: 'ana-ferreira-edinburgh',
    firstName: 'Ana',
    lastName: 'Ferreira',
    email: 'ana.ferreira@example.com',
    specialization: 'Elderly Care',
    experience: '1-2 years',
    location: 'Edinburgh, City of Edinburgh',
    postcodeDistrict: 'EH6',
    hourlyRateMin: '15.00',
    hourlyRateMax: '18.50',
    description:
      "I moved to Leith from Porto three years ago and have worked as a care assistant for almost two years, mainly on night shifts. I'm happy doing sleep-ins, waking nights and weekend cover for older people who need someone in the house. I speak Portuguese, Spanish and English, and I'm a calm, practical person who keeps everything clean and organised.",
    qualifications: ['First Aid Certified', 'Manual Handling'],
    availability: ['Weekends', 'Nights'],
    isVerified: false,
    isActive: false,
    lastActiveDaysAgo: 58,
    reviews: [],
  },

  // ---------------------------------------------------------------- Glasgow
  {
    key: 'siobhan-docherty-glasgow',
    firstName: 'Siobhan',
    lastName: 'Docherty',
    email: 'siobhan.docherty@example.com',
    specialization: 'Disability Support',
    experience: 'More than 10 years',
    location: 'Glasgow, City of Glasgow',
    postcodeDistrict: 'G12',
    hourlyRateMin: '18.00',
    hourlyRateMax: '24.00',
    description:
      "For over twelve years I've supported adults with complex physical and learning disabilities across Glasgow's West End, including people who are non-verbal or use eye-gaze technology. I'm confident with hoists, epilepsy rescue medication, suctioning and PEG feeding. I always work to the person's own support plan rather than mine, and my car has room for a folded wheelchair.",
    qualifications: [
      'SEND Training',
      'Manual Handling',
      'Medication Administration',
      'First Aid Certified',
      'NVQ Level 3',
    ],
    availability: ['Weekdays', 'Live-in Care'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 1,
    reviews: [
      {
        rating: 5,
        comment:
          "Siobhan supports my sister, who uses an eye-gaze device. She's the first carer who takes the time to wait for her to answer properly.",
        daysAgo: 13,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 5,
        comment:
          "Confident with my son's seizures and his rescue meds. I can actually go to work without checking my phone every ten minutes.",
        daysAgo: 66,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 5,
        comment: "Did a fortnight's live-in while we moved house. Our daughter didn't miss a beat. Superb.",
        daysAgo: 124,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          "Very skilled and dependable. We'd have liked a bit more flexibility with start times, but we understand she has other clients.",
        daysAgo: 193,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 5,
        comment:
          "Follows my brother's support plan to the letter and updates it with us when things change. Really professional.",
        daysAgo: 268,
        reviewerKey: 'lucy-pearson',
      },
      {
        rating: 5,
        comment:
          'Calm in a crisis and lovely with the whole family, not just my cousin. Years of experience and it shows.',
        daysAgo: 385,
        reviewerKey: 'priya-shah',
      },
    ],
  },
  {
    key: 'samina-iqbal-glasgow',
    firstName: 'Samina',
    lastName: 'Iqbal',
    email: 'samina.iqbal@example.com',
    specialization: 'Elderly Care',
    experience: '3-5 years',
    location: 'Glasgow, City of Glasgow',
    postcodeDistrict: 'G41',
    hourlyRateMin: '15.50',
    hourlyRateMax: '20.00',
    description:
      "I've been caring for older people in Pollokshields, Shawlands and Govanhill for four years. I speak Urdu, Punjabi and English, and I understand how important it is for many of my clients to have a female carer, halal meals and time set aside for prayers. I help with personal care, cooking, housework and getting to hospital appointments. I'm working towards my SVQ 3.",
    qualifications: ['NVQ Level 2', 'First Aid Certified'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 7,
    reviews: [
      {
        rating: 5,
        comment:
          'Ammi needed a female carer who understood her routine around namaz. Samina fits around it perfectly and makes the best daal.',
        daysAgo: 37,
        reviewerKey: 'fatima-begum',
      },
      {
        rating: 4,
        comment:
          'Good care for my mother and always respectful. Occasionally visits run a bit short when she has a hospital run straight after.',
        daysAgo: 105,
        reviewerKey: 'mohammed-akhtar',
      },
      {
        rating: 5,
        comment:
          'Samina took Gran to every outpatient appointment and wrote down everything the consultant said for us. So helpful.',
        daysAgo: 226,
        reviewerKey: 'grace-thompson',
      },
    ],
  },

  // ---------------------------------------------------------------- County Antrim
  {
    key: 'ciara-maguire-belfast',
    firstName: 'Ciara',
    lastName: 'Maguire',
    email: 'ciara.maguire@example.com',
    specialization: 'Childcare',
    experience: '6-10 years',
    location: 'Belfast, County Antrim',
    postcodeDistrict: 'BT9',
    hourlyRateMin: '14.00',
    hourlyRateMax: '17.50',
    description:
      "I'm a Montessori-trained nanny with seven years' experience, including four years with children who have Down's syndrome, autism and global developmental delay. I'm AccessNI checked and happy to work alongside speech and language therapists on home programmes. I live near Stranmillis and cover south Belfast, doing school runs, after-school care and weekend respite for families.",
    qualifications: ['Paediatric First Aid', 'Montessori Certified', 'SEND Training'],
    availability: ['Weekdays', 'Weekends'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 5,
    reviews: [
      {
        rating: 5,
        comment:
          "Ciara does weekend respite for our daughter, who has Down's syndrome. She practises her speech therapy exercises through games and we've seen real progress.",
        daysAgo: 24,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 5,
        comment:
          'Warm, creative and completely reliable for the school run. Our son runs to the door when she arrives.',
        daysAgo: 87,
        reviewerKey: 'karen-doyle',
      },
      {
        rating: 4,
        comment:
          "Great with the children and very organised. The only downside is she's booked up most weekdays, so we can only get her at weekends.",
        daysAgo: 168,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          'Ciara helped our twins settle after a really unsettled year. She worked alongside their SENCO and kept us in the loop.',
        daysAgo: 300,
        reviewerKey: 'winston-clarke',
      },
    ],
  },
  {
    key: 'patrick-devlin-belfast',
    firstName: 'Patrick',
    lastName: 'Devlin',
    email: 'patrick.devlin@example.com',
    specialization: 'Elderly Care',
    experience: 'More than 10 years',
    location: 'Belfast, County Antrim',
    postcodeDistrict: 'BT15',
    hourlyRateMin: '16.50',
    hourlyRateMax: '22.00',
    description:
      "I've been a carer in north Belfast for sixteen years, starting in a residential home off the Antrim Road. These days I mostly do night sits, weekend cover and emergency call-outs for families who suddenly find themselves stuck. I'm experienced with COPD, heart failure and coming home from hospital. I'm easy-going, a keen gardener, and I don't mind a dog in the house.",
    qualifications: ['NVQ Level 3', 'Manual Handling', 'Medication Administration'],
    availability: ['Weekends', 'Nights', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 26,
    reviews: [
      {
        rating: 5,
        comment:
          'Patrick covered nights for my father after he came home from hospital. Dad slept soundly knowing someone was there.',
        daysAgo: 50,
        reviewerKey: 'david-morris',
      },
      {
        rating: 4,
        comment:
          'Dependable and friendly, and Dad enjoyed talking gardening with him. The paperwork was a bit thin, but the care was good.',
        daysAgo: 131,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          "Rang Patrick on a Saturday morning in a panic and he was at Mum's by lunchtime. Steady as a rock.",
        daysAgo: 220,
        reviewerKey: 'aled-morgan',
      },
      {
        rating: 2,
        comment:
          'The care itself was okay, but he arrived late for several night sits, which left my mum on her own for an hour. We moved to another carer.',
        daysAgo: 395,
        reviewerKey: 'james-whitaker',
      },
    ],
  },
  {
    key: 'lorraine-hamilton-lisburn',
    firstName: 'Lorraine',
    lastName: 'Hamilton',
    email: 'lorraine.hamilton@example.com',
    specialization: 'Dementia Care',
    experience: '3-5 years',
    location: 'Lisburn, County Antrim',
    postcodeDistrict: 'BT28',
    hourlyRateMin: '16.00',
    hourlyRateMax: '20.50',
    description:
      "I'm a dementia carer based in Lisburn, covering Hillsborough, Moira and Dunmurry. Before this I spent four years on the dementia floor of a care home, where I completed specialist dementia training. I believe in keeping people doing what they can for themselves, whether that's peeling the potatoes or folding the washing, and I'm good at building trust with people who are wary of new faces.",
    qualifications: ['Dementia Care Training', 'NVQ Level 2', 'First Aid Certified'],
    availability: ['Weekdays', 'Weekends'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 12,
    reviews: [
      {
        rating: 5,
        comment:
          "Lorraine gets Granda involved in everything, from peeling the spuds to feeding the birds. He's brighter than he's been in a year.",
        daysAgo: 30,
        reviewerKey: 'niall-mccann',
      },
      {
        rating: 4,
        comment:
          'Kind and patient with Mum. Parking on our street is a nightmare, so the odd late start, but she always makes the time up.',
        daysAgo: 118,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 3,
        comment:
          "Pleasant, but we felt she needed more experience with Dad's agitation in the evenings. Fine for daytime visits.",
        daysAgo: 255,
        reviewerKey: 'priya-shah',
      },
    ],
  },

  // ---------------------------------------------------------------- Brighton, East Sussex
  {
    key: 'oliver-grant-brighton',
    firstName: 'Oliver',
    lastName: 'Grant',
    email: 'oliver.grant@example.com',
    specialization: 'Companion Care',
    experience: '6-10 years',
    location: 'Brighton, East Sussex',
    postcodeDistrict: 'BN1',
    hourlyRateMin: '15.00',
    hourlyRateMax: '19.00',
    description:
      "I worked in a public library before moving into companion care, and I've now spent seven years visiting older people around Brighton and Hove. I'm a good listener, a keen reader and an enthusiastic but terrible chess player. I'm happy to walk dogs or go along the seafront or to the theatre, and I'm especially glad to support older LGBTQ+ people who want a companion who just gets it.",
    qualifications: ['First Aid Certified', 'NVQ Level 2'],
    availability: ['Weekdays', 'Weekends', 'Evenings'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 16,
    reviews: [
      {
        rating: 5,
        comment:
          "Oliver and my grandfather read the same novels and then argue about them over coffee. Grandad hasn't been this sharp in ages.",
        daysAgo: 19,
        reviewerKey: 'lucy-pearson',
      },
      {
        rating: 5,
        comment:
          "Walks Mum's spaniel every morning and takes Mum along the seafront when she's up to it. Thoughtful and always on time.",
        daysAgo: 76,
        reviewerKey: 'james-whitaker',
      },
      {
        rating: 4,
        comment: 'Lovely companion for my uncle. Would be five stars if he could do a couple more evenings.',
        daysAgo: 143,
        reviewerKey: 'ruth-ellison',
      },
      {
        rating: 5,
        comment:
          'My aunt was very lonely after her partner died. Oliver treats her with such warmth and respect, and she has started going to a book group again.',
        daysAgo: 283,
        reviewerKey: 'karen-doyle',
      },
    ],
  },

  // ---------------------------------------------------------------- Newcastle upon Tyne, Tyne and Wear
  {
    key: 'lindsay-charlton-newcastle',
    firstName: 'Lindsay',
    lastName: 'Charlton',
    email: 'lindsay.charlton@example.com',
    specialization: 'Palliative Care',
    experience: '3-5 years',
    location: 'Newcastle upon Tyne, Tyne and Wear',
    postcodeDistrict: 'NE3',
    hourlyRateMin: '20.00',
    hourlyRateMax: '27.00',
    description:
      "I've worked in palliative care for five years, starting as a healthcare assistant at a hospice in Newcastle. I now offer evening and overnight support for people at the end of life in Gosforth, Jesmond and Fawdon, plus emergency cover when things change quickly. I always make time to talk with relatives about what's happening and what might come next.",
    qualifications: ['NVQ Level 3', 'Medication Administration', 'Manual Handling'],
    availability: ['Evenings', 'Nights', 'Emergency Cover'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 10,
    reviews: [
      {
        rating: 5,
        comment:
          "Lindsay was with us for Dad's last ten nights. She explained every change gently and made sure he was never in discomfort.",
        daysAgo: 48,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 4,
        comment:
          'Good, caring support overnight. We would have liked a regular start time, but she was always honest about her rota.',
        daysAgo: 160,
        reviewerKey: 'david-morris',
      },
      {
        rating: 5,
        comment:
          "Came out at very short notice on a Sunday evening. I don't know what we'd have done without her.",
        daysAgo: 340,
        reviewerKey: 'winston-clarke',
      },
    ],
  },

  // ---------------------------------------------------------------- Sheffield, South Yorkshire
  {
    key: 'mei-chen-sheffield',
    firstName: 'Mei',
    lastName: 'Chen',
    email: 'mei.chen@example.com',
    specialization: 'Elderly Care',
    experience: 'Less than 1 year',
    location: 'Sheffield, South Yorkshire',
    postcodeDistrict: 'S10',
    hourlyRateMin: '14.00',
    hourlyRateMax: '17.00',
    description:
      "I'm new to independent care after finishing a health and social care course at college. I speak Cantonese, Mandarin and English, and I'd love to support older Chinese families in Sheffield who want a carer who understands their language and food. I can help with cooking, shopping, light cleaning and going along to hospital appointments. I'm gentle, organised and keen to learn.",
    qualifications: ['First Aid Certified'],
    availability: ['Weekdays', 'Evenings'],
    isVerified: false,
    isActive: true,
    lastActiveDaysAgo: 0,
    reviews: [],
  },

  // ---------------------------------------------------------------- Greater London
  {
    key: 'marcus-campbell-hackney',
    firstName: 'Marcus',
    lastName: 'Campbell',
    email: 'marcus.campbell@example.com',
    specialization: 'Disability Support',
    experience: '1-2 years',
    location: 'Hackney, Greater London',
    postcodeDistrict: 'N16',
    hourlyRateMin: '16.00',
    hourlyRateMax: '20.00',
    description:
      'I support young men with learning disabilities and autism around Stoke Newington, Dalston and Clapton. I started as a volunteer at a youth club and moved into paid support work two years ago. I focus on independence: cooking simple meals, using the Overground, managing money and getting to the gym. I bring a lot of patience and a decent playlist.',
    qualifications: ['Manual Handling', 'SEND Training'],
    availability: ['Weekends', 'Evenings'],
    isVerified: false,
    isActive: true,
    lastActiveDaysAgo: 21,
    reviews: [
      {
        rating: 5,
        comment:
          'Marcus has my grandson cooking his own tea and getting the Overground to college by himself. A real role model.',
        daysAgo: 33,
        reviewerKey: 'winston-clarke',
      },
      {
        rating: 4,
        comment:
          'Friendly, punctual and very good with my nephew. Still fairly new to the work, but learning fast.',
        daysAgo: 150,
        reviewerKey: 'grace-thompson',
      },
    ],
  },
  {
    key: 'eleni-georgiou-southwark',
    firstName: 'Eleni',
    lastName: 'Georgiou',
    email: 'eleni.georgiou@example.com',
    specialization: 'Dementia Care',
    experience: '6-10 years',
    location: 'Southwark, Greater London',
    postcodeDistrict: 'SE22',
    hourlyRateMin: '19.00',
    hourlyRateMax: '26.00',
    description:
      "I'm a Greek Cypriot carer living in East Dulwich with nine years' experience in dementia care, including live-in placements across south London. I speak Greek and English, and I've supported many Cypriot and Greek families who want their parents cared for in their own language, with familiar food and church on Sundays. I'm comfortable with hoists and pressure care.",
    qualifications: ['Dementia Care Training', 'NVQ Level 3', 'Medication Administration', 'Manual Handling'],
    availability: ['Weekdays', 'Live-in Care'],
    isVerified: true,
    isActive: true,
    lastActiveDaysAgo: 33,
    reviews: [
      {
        rating: 5,
        comment:
          'Eleni has been living in with my mother-in-law for six months. She speaks Greek with her, cooks her favourite dishes, and Mum is content at home.',
        daysAgo: 10,
        reviewerKey: 'claire-robertson',
      },
      {
        rating: 5,
        comment:
          "She noticed my grandad's confusion was worse after a new tablet was started and flagged it with the GP. Sharp-eyed and caring.",
        daysAgo: 92,
        reviewerKey: 'lucy-pearson',
      },
      {
        rating: 4,
        comment:
          'Excellent carer. There was a bit of a gap in handover when she took her annual leave, but the cover she recommended was good.',
        daysAgo: 177,
        reviewerKey: 'emma-fraser',
      },
      {
        rating: 5,
        comment:
          "Patient with Dad's dementia and never hurried. Keeps the flat spotless and keeps us informed.",
        daysAgo: 299,
        reviewerKey: 'mohammed-akhtar',
      },
    ],
  },
];
