// The one round-numbering rule lives in the contract shared with the emails (decision 0032).
export { revisionOfSubmission, revisionRequestedOn } from '@contract/revision-round';
