import { CustomerHome } from '@/features/home/customer-home';

/** Customer home (spec section 2). The route's guards send visitors to / and tradespeople to their dashboard. */
function HomePage() {
  return <CustomerHome />;
}

export { HomePage as Component };
