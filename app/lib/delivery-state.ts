import { nigerianStateOf, type NigerianState } from '../../contracts/nigeria';
import { createLocalStore, useLocalStore } from './local-store';

/** Where delivery is priced before the shopper has said: the shop's own state. */
export const DEFAULT_DELIVERY_STATE: NigerianState = 'Lagos';

/**
 * The Nigerian state the shopper last delivered to or asked about (picked at checkout, or changed
 * on a product page), so the product page prices delivery where she lives. Null until she picks one.
 */
export const deliveryStateStore = createLocalStore<NigerianState | null>(
  'rossy.delivery-state',
  null,
  (raw) => (typeof raw === 'string' ? nigerianStateOf(raw) : null),
);

export function rememberDeliveryState(state: string): void {
  const known = nigerianStateOf(state);
  if (known && deliveryStateStore.get() !== known) deliveryStateStore.set(known);
}

/** The state to price delivery for: the one last used, else Lagos (also on the server and before hydration). */
export function useDeliveryState(): NigerianState {
  return useLocalStore(deliveryStateStore) ?? DEFAULT_DELIVERY_STATE;
}
