import { paths } from '@contracts/paths';

/**
 * Product §2 (Header and footer): the navigation, shared by the bar and the mobile drawer, with two deliberate
 * differences (docs/spec-conformance.md): "Find Care" goes to the carer search
 * (the first brief: /pricing, which never reached a carer), with Pricing one click away beside it; and
 * "Admin Login" leaves the public header for the footer (families are not invited to an admin door).
 */
export const NAV_ITEMS = [
  { label: 'Home', to: paths.home },
  { label: 'Find Care', to: paths.carers },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Become a Carer', to: paths.carerSignup },
  { label: 'About', to: paths.about },
] as const;
