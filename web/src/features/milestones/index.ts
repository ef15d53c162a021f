// What milestones offers other features: the link to a booking's milestones.
export { MilestonesLink } from './milestones-link';
