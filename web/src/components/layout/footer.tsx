import { Link } from 'react-router';

// The spec's four footer link groups; every link points at a registered route.
const LINK_GROUPS = [
  {
    title: 'For Customers',
    links: [
      { label: 'Find Trades', to: '/browse-services' },
      { label: 'Post a Job', to: '/post-job' },
      { label: 'How It Works', to: '/support#how-it-works' },
    ],
  },
  {
    title: 'For Tradespeople',
    links: [
      { label: 'Join as a Pro', to: '/auth?mode=signup&type=tradesperson' },
      { label: 'Find Jobs', to: '/browse' },
      { label: 'Business Setup', to: '/tradesperson/setup' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/support#about' },
      { label: 'Contact', to: '/support#contact' },
      { label: 'Safety', to: '/safety' },
      { label: 'FAQ', to: '/faq' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="border-t border-border bg-muted">
      {/* The bottom padding leaves room for the assistant's button at the end of the page. */}
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-24">
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {LINK_GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-semibold text-foreground">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-10 space-y-2 border-t border-border pt-6 text-sm text-muted-foreground">
          <p>© 2024 TradeNest. All rights reserved.</p>
          <p>
            Postcode and place data: Crown copyright, Royal Mail, ONS (Open Government Licence) and GeoNames
            (CC BY 4.0).{' '}
            <Link to="/privacy#data-sources" className="text-foreground underline underline-offset-4">
              Data sources and licences
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
