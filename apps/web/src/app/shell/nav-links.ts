/** The site's sections, in the header's and footer's order (SPEC §2). */
export const navLinks = [
  { to: '/', label: 'nav.live_tv' },
  { to: '/radio', label: 'nav.live_radio' },
  { to: '/tv', label: 'nav.teleprogram' },
  { to: '/radio/program', label: 'nav.radioprogram' },
  { to: '/catalog', label: 'nav.catalog' },
  { to: '/about', label: 'nav.about' },
] as const;
