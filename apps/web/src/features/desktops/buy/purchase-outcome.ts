// The rule is shared with the other purchase pages; its tests here import it from this path.
export { classifyPurchaseError, type PurchaseFailure } from '../../../components/purchase/purchase-outcome';
