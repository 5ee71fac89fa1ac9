import { loadDataSecret } from './session-secret';

/**
 * SHOP_KEY when set; otherwise a key generated once and kept in DATA_DIR/shop-key. It seals every
 * staff member's second-factor secret, so unlike the session secret a restore never renews it:
 * a new key would leave every second factor unreadable (only recovery codes would still work).
 */
export function loadShopKey(configured: string | undefined, dataDir: string): string {
  return loadDataSecret('shop-key', configured, dataDir);
}
