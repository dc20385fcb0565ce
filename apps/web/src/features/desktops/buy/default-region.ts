// The rule is shared with the phone purchase page; its tests here import it from this path.
export { countIn, pickDefaultRegion, storedRegionId, storeRegionId } from '../../../lib/default-region';
