import { type LoyaltyTier, type LoyaltyTierInput, loyaltyTier, loyaltyTierInput } from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';
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

/** Every tier of the mall, by priority (`GET /loyalty-tier`), for the pickers; refreshed with the tiers' lists. */
export const useAllTiers = () =>
  useQuery<LoyaltyTier[], ApiError>({
    queryKey: [...tiers.keys.lists(), 'all'],
    queryFn: ({ signal }) =>
      api.get('/loyalty-tier', { schema: z.array(loyaltyTier), signal, dedupe: false }),
    staleTime: 60_000,
  });
