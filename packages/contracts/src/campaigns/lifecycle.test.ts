import { describe, expect, it } from 'vitest';
import {
  type CampaignStatus,
  campaignStateAt,
  campaignStatusChangeProblem,
  campaignStatuses,
  campaignStatusTransitions,
  canChangeCampaignStatus,
  isCampaignActive,
} from './lifecycle';

const campaign = (status: CampaignStatus) => ({
  campaign_status: status,
  campaign_start_date: '2026-06-01T00:00:00.000Z',
  campaign_end_date: '2026-07-01T00:00:00.000Z',
});

describe('campaign status transitions', () => {
  it('go to be published → published → archived, publishing can be taken back, and archived is final', () => {
    const allowed = campaignStatuses.flatMap((from) =>
      campaignStatuses.filter((to) => canChangeCampaignStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'to_be_published→published',
      'to_be_published→archived',
      'published→to_be_published',
      'published→archived',
    ]);
    expect(campaignStatusTransitions.archived).toEqual([]);
    for (const status of campaignStatuses) expect(canChangeCampaignStatus(status, status)).toBe(false);
  });

  it('refuses publishing a campaign that has ended, and any move out of the archive', () => {
    expect(
      campaignStatusChangeProblem(campaign('to_be_published'), 'published', '2026-06-15T00:00:00Z'),
    ).toBe(undefined);
    expect(
      campaignStatusChangeProblem(campaign('to_be_published'), 'published', '2026-07-01T00:00:00Z'),
    ).toBe('ended');
    expect(campaignStatusChangeProblem(campaign('archived'), 'published', '2026-06-15T00:00:00Z')).toBe(
      'transition',
    );
    expect(campaignStatusChangeProblem(campaign('published'), 'archived', '2026-08-01T00:00:00Z')).toBe(
      undefined,
    );
  });
});

describe('campaignStateAt', () => {
  it('derives activated for a published campaign from its start (inclusive) to its end (exclusive)', () => {
    const published = campaign('published');
    expect(campaignStateAt(published, '2026-05-31T23:59:59.999Z')).toBe('published');
    expect(campaignStateAt(published, '2026-06-01T00:00:00.000Z')).toBe('activated');
    expect(campaignStateAt(published, new Date('2026-06-30T23:59:59.999Z'))).toBe('activated');
    expect(campaignStateAt(published, '2026-07-01T00:00:00.000Z')).toBe('ended');
    expect(isCampaignActive(published, '2026-06-15T00:00:00Z')).toBe(true);
    expect(isCampaignActive(published, '2026-07-15T00:00:00Z')).toBe(false);
  });

  it('shows the other statuses as they are, whatever the dates', () => {
    for (const at of ['2026-05-01T00:00:00Z', '2026-06-15T00:00:00Z', '2026-08-01T00:00:00Z']) {
      expect(campaignStateAt(campaign('to_be_published'), at)).toBe('to_be_published');
      expect(campaignStateAt(campaign('archived'), at)).toBe('archived');
      expect(isCampaignActive(campaign('to_be_published'), at)).toBe(false);
    }
  });
});
