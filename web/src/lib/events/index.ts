export { applyFranchiseEvent, type FranchiseEvent, type StreamedStatus } from './apply-event'
export { parseEvents, useFranchiseEvents, useStreamLive } from './franchise-events'
