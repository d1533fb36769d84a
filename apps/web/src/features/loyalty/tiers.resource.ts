import { type LoyaltyTier, type LoyaltyTierInput, loyaltyTier, loyaltyTierInput } from '@avlu/contracts';
import { defineResource, filterList } from '../../lib/resource';

/**
 * The mall's loyalty tiers (spec §7 "Tiers"): the list is POST /loyalty-tier/filter, one tier
 * GET/PUT/DELETE /loyalty-tier/{id}, a new one POST /loyalty-tier.
 */
export const tiers = defineResource<LoyaltyTier, LoyaltyTierInput>({
  name: 'loyalty-tiers',
  path: '/loyalty-tier',
  item: loyaltyTier,
  input: loyaltyTierInput,
  list: filterList('/loyalty-tier/filter'),
  messages: {
    created: 'loyalty:tiers.created',
    updated: 'loyalty:tiers.updated',
    removed: 'loyalty:tiers.removed',
  },
});
