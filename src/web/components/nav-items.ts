import { paths } from '@contracts/paths';

/** SPEC 2 site header navigation, shared by the bar and the mobile drawer. */
export const NAV_ITEMS = [
  { label: 'Home', to: paths.home },
  { label: 'Find Care', to: paths.pricing },
  { label: 'Become a Carer', to: paths.carerSignup },
  { label: 'About', to: paths.about },
  { label: 'Admin Login', to: paths.adminLogin },
] as const;
