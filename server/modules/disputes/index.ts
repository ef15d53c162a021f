// The disputes module's public entry (docs/api/disputes.md, DOMAIN-RULES 6 and 9): raising a dispute
// freezes a booking's held money; both parties build the case; an admin resolves it through the
// payments module's refund and release. It builds on marketplace and payments.
export { disputeRoutes } from './disputes.routes';
export { passDeadlines, raiseDisputeWithin, sendDisputeEmail } from './disputes.service';
export type { ResolutionDeps } from './resolution.service';
