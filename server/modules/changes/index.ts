// The changes module's public entry: changes to a booking's agreed work and price (docs/api/changes.md).
// It builds on payments (escrow, refunds, checkout), payment-methods and milestones.
export { changeRoutes } from './changes.routes';
