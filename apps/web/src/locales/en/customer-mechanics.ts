/**
 * The customer detail's game rights and steps tabs (issue 15 #2, #6): loaded with those tabs, not in
 * every first load (features/customers/mechanics-texts.ts).
 */
export default {
  fields: {
    campaign_id: 'Campaign',
    game_right_count: 'Number of rights',
    game_right_reason: 'Reason',
  },
  games: {
    label: 'The customer’s game rights',
    intro:
      'The customer’s rights in the running wheel of fortune and scratch card campaigns: earned from receipts, given by staff, spent on plays, and left.',
    empty:
      'No wheel of fortune or scratch card campaign is running at this mall. Once a game campaign is published, the customer’s rights are listed here.',
    give: 'Give rights',
    giveTitle: 'Give game rights',
    giveIntro:
      'The rights given are added to the customer’s rights in this campaign. The reason is recorded with the name of the staff member who gave them.',
    reasonHint: 'For example: the connection dropped while the wheel was spinning, right given back',
    given: 'Game rights given',
    until: 'Ends {{date}}',
    playsWins: '{{plays}} / {{wins}}',
    columns: {
      campaign: 'Campaign',
      type: 'Game',
      earned: 'From receipts',
      given: 'From staff',
      spent: 'Spent',
      left: 'Left',
      plays: 'Plays / wins',
    },
  },
  steps: {
    label: 'The customer’s steps',
    intro:
      'The steps the app on the customer’s phone reported, last 30 days. For each day the latest report counts.',
    today: 'Today',
    stepCount_one: '{{steps}} step',
    stepCount_other: '{{steps}} steps',
    goals: 'Today’s step goals',
    noGoals: 'No step-goal campaign is running.',
    goal: 'Goal: {{goal}} steps',
    progress: '{{name}}: {{percent}}% of the goal',
    reached: 'Goal reached',
    toGo_one: '{{steps}} step to go',
    toGo_other: '{{steps}} steps to go',
    couponGiven: 'Today’s coupon given',
    couponNotGiven: 'No coupon given',
    empty:
      'No steps were reported in the last 30 days. Once the app on the customer’s phone reports steps, they show here day by day.',
    goalLine: 'Dashed line: the running step campaign’s goal.',
    days: 'Steps of the last 30 days',
    columns: {
      day: 'Day',
      steps: 'Steps',
      updatedAt: 'Last report',
    },
  },
};
