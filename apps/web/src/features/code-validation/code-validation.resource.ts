import {
  type CodeValidationQuery,
  type CodeValidationResult,
  codeValidationCampaign,
  codeValidationRedeemResult,
  codeValidationResult,
} from '@avlu/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';

/**
 * The store's code validation (spec §7 "Code validation", issue 13 #8). Every address of the
 * screen's calls is here, once.
 */
export const codeValidationPaths = {
  campaigns: '/code-validation/campaigns',
  lookup: '/code-validation',
  sendOtp: '/code-validation/sendOtp',
  redeem: '/code-validation/',
  release: '/code-validation/hold',
} as const;

export type CodeValidationCampaign = z.infer<typeof codeValidationCampaign>;
type CodeRef = { campaign_id: string; coupon_code: string };

const campaignList = z.array(codeValidationCampaign);

/** `GET /code-validation/campaigns`: the campaigns whose codes a store redeems. */
export const useValidationCampaigns = () =>
  useQuery<CodeValidationCampaign[], ApiError>({
    queryKey: ['code-validation', 'campaigns'],
    queryFn: ({ signal }) => api.get(codeValidationPaths.campaigns, { schema: campaignList, signal }),
  });

/**
 * `GET /code-validation?campaign_id&coupon_code`: the code, its status and masked holder; a code
 * that can be redeemed is held for this clerk until `hold_expires_at`. The form shows a failure.
 */
export const useLookup = () =>
  useMutation<CodeValidationResult, ApiError, CodeValidationQuery>({
    mutationFn: (query) => api.get(codeValidationPaths.lookup, { query, schema: codeValidationResult }),
  });

/** `POST /code-validation/sendOtp`: a 4-digit code to the holder's phone on file (answer {} or 204). */
export const useSendOtp = () =>
  useMutation<unknown, ApiError, CodeRef & { customer_phone?: string }>({
    mutationFn: (body) => api.post(codeValidationPaths.sendOtp, body),
  });

/** `PUT /code-validation/`: redeems the code with the holder's SMS code, once. */
export const useRedeem = () =>
  useMutation<z.infer<typeof codeValidationRedeemResult>, ApiError, CodeRef & { otp_code: string }>({
    mutationFn: (body) => api.put(codeValidationPaths.redeem, body, { schema: codeValidationRedeemResult }),
  });

/**
 * `DELETE /code-validation/hold`: ends this clerk's hold before its time (the result is closed, a
 * new code is looked up, the page is left). Nobody waits for it: a failed release only means the
 * hold runs out on its own.
 */
export const releaseHold = (code: CodeRef) => {
  // Not deduplicated: releasing one code must not cancel the release of the one before.
  api.delete(codeValidationPaths.release, { body: code, dedupe: false }).catch(() => {});
};

/** The campaign the clerk picked last, kept for the browser tab's session. */
const LAST_CAMPAIGN = 'codeValidation.campaignId';
export const lastCampaign = {
  read: (): string | null => {
    try {
      return sessionStorage.getItem(LAST_CAMPAIGN);
    } catch {
      return null;
    }
  },
  write: (id: string) => {
    try {
      sessionStorage.setItem(LAST_CAMPAIGN, id);
    } catch {
      // Storage refused (private mode): the choice is not remembered, nothing else changes.
    }
  },
};
