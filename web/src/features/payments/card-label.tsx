// How a card is named on screen: its brand and the last four digits, as the card itself and the bank's
// statements show them.

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The provider's brand id ('visa', 'amex') as people say it; an unknown one as it came. */
export function cardBrandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}

/** 'Visa •••• 4242', read by screen readers as 'Visa ending 4242' rather than four bullets. */
export function CardName({ brand, last4 }: { brand: string; last4: string }) {
  return (
    <>
      {cardBrandName(brand)} <span aria-hidden="true">•••• </span>
      <span className="sr-only">ending </span>
      {last4}
    </>
  );
}
