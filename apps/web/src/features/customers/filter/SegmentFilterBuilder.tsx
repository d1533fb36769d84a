import {
  type ConsentType,
  consentTypes,
  customerFrequencies,
  customerGenders,
  loyaltyTierTitle,
  type SegmentCondition,
} from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAllTiers } from '../../loyalty/tiers.resource';
import { useChannelNames } from '../channel-names';
import { ChoiceChips, DateRangeEditor, MultiPick, NumberRangeEditor, SingleSelect, YesNo } from './editors';
import { usePlaceOptions } from './place-options';
import {
  blankCondition,
  type ConditionKind,
  type Draft,
  type DraftCondition,
  draftCondition,
  type Match,
  problemOf,
} from './segment-draft';

/** The add menu's sections, so fifteen kinds read as four short lists. */
const menuGroups: { key: string; kinds: ConditionKind[] }[] = [
  {
    key: 'person',
    kinds: ['gender', 'age', 'birthdate', 'birthday_month', 'number_of_children', 'is_parent'],
  },
  { key: 'address', kinds: ['province', 'district', 'locality'] },
  { key: 'registration', kinds: ['channel', 'registered_at', 'frequency', 'has_vehicle'] },
  { key: 'permissions', kinds: ['consent', 'is_developer'] },
  { key: 'loyalty', kinds: ['loyalty_tier', 'point_balance', 'receipts'] },
];

const months = Array.from({ length: 12 }, (_, i) => i + 1);

/** The tier condition's picker: the mall's tiers, asked for only once such a condition is added. */
function TierPick({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  const tiers = useAllTiers();
  const names = useMemo(
    () => new Map((tiers.data ?? []).map((tier) => [tier._id, loyaltyTierTitle(tier, language)])),
    [tiers.data, language],
  );
  return (
    <MultiPick
      label={label}
      options={[...names.keys()]}
      loading={tiers.isPending}
      labelOf={(id) => names.get(id) ?? t('filter.unknownTier')}
      helperText={tiers.isError ? t('filter.tiersUnavailable') : undefined}
      value={value}
      onChange={onChange}
    />
  );
}

/** Approved receipts in a period: from–to, and how many or for how much (either, both or neither). */
function ReceiptsEditor({
  condition,
  onChange,
}: {
  condition: Extract<SegmentCondition, { field: 'receipts' }>;
  onChange: (condition: SegmentCondition) => void;
}) {
  const { t } = useTranslation('customers');
  const range = <Range extends { min?: number; max?: number }>(value: Range) =>
    value.min === undefined && value.max === undefined ? undefined : value;
  return (
    <Stack spacing={1.5}>
      <DateRangeEditor
        label={t('filter.receiptsPeriod')}
        value={{ min: condition.from, max: condition.to }}
        onChange={({ min, max }) => {
          const { from: _from, to: _to, ...rest } = condition;
          onChange({
            ...rest,
            ...(min === undefined ? {} : { from: min }),
            ...(max === undefined ? {} : { to: max }),
          });
        }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ minWidth: 90 }}>
          {t('filter.receiptsCount')}
        </Typography>
        <NumberRangeEditor
          label={t('filter.receiptsCount')}
          max={1_000_000}
          value={condition.count ?? {}}
          onChange={(count) => {
            const { count: _count, ...rest } = condition;
            const next = range(count);
            onChange(next ? { ...rest, count: next } : rest);
          }}
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ minWidth: 90 }}>
          {t('filter.receiptsAmount')}
        </Typography>
        <NumberRangeEditor
          label={t('filter.receiptsAmount')}
          max={10_000_000_000}
          value={condition.amount ?? {}}
          onChange={(amount) => {
            const { amount: _amount, ...rest } = condition;
            const next = range(amount);
            onChange(next ? { ...rest, amount: next } : rest);
          }}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('filter.receiptsHint')}
      </Typography>
    </Stack>
  );
}

type EditorProps = {
  condition: SegmentCondition;
  onChange: (condition: SegmentCondition) => void;
  places: ReturnType<typeof usePlaceOptions>;
};

/** The inputs of one condition, by its kind. */
function ConditionEditor({ condition, onChange, places }: EditorProps) {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  const channels = useChannelNames();
  const label = t(`filter.kinds.${condition.field}`);
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(new Date(Date.UTC(2024, month - 1, 1)));
  }, [language]);

  switch (condition.field) {
    case 'gender':
      return (
        <ChoiceChips
          label={label}
          options={customerGenders.map((value) => ({ value, label: t(`genders.${value}`) }))}
          value={condition.in}
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    case 'frequency':
      return (
        <ChoiceChips
          label={label}
          options={customerFrequencies.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
          value={condition.in}
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    case 'birthday_month':
      return (
        <MultiPick
          label={label}
          options={months}
          labelOf={monthName}
          value={condition.in}
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    case 'province':
    case 'district':
    case 'locality': {
      const place = places[condition.field];
      const waiting = 'hasParent' in place && !place.hasParent;
      return (
        <MultiPick
          label={label}
          freeSolo
          options={place.options}
          loading={place.loading}
          value={condition.in}
          helperText={
            waiting
              ? t(condition.field === 'district' ? 'filter.pickProvinceFirst' : 'filter.pickDistrictFirst')
              : undefined
          }
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    }
    case 'channel':
      return (
        <MultiPick
          label={label}
          options={channels.ids}
          loading={channels.loading}
          labelOf={(id) => channels.names.get(id) ?? t('unknownChannel')}
          helperText={channels.failed ? t('filter.channelsUnavailable') : undefined}
          value={condition.in}
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    case 'age':
      return (
        <NumberRangeEditor
          label={label}
          max={150}
          value={condition}
          onChange={(range) => onChange({ field: 'age', ...range })}
        />
      );
    case 'number_of_children':
      return (
        <NumberRangeEditor
          label={label}
          max={30}
          value={condition}
          onChange={(range) => onChange({ field: 'number_of_children', ...range })}
        />
      );
    case 'birthdate':
    case 'registered_at':
      return (
        <DateRangeEditor
          label={label}
          value={condition}
          onChange={(range) => onChange({ field: condition.field, ...range })}
        />
      );
    case 'consent':
      return (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <SingleSelect<ConsentType>
            label={t('filter.consentType')}
            options={consentTypes.map((value) => ({ value, label: t(`consents.types.${value}`) }))}
            value={condition.type}
            onChange={(type) => onChange({ ...condition, type })}
          />
          <YesNo
            label={t('filter.consentState')}
            value={condition.value}
            yes={t('filter.granted')}
            no={t('filter.notGranted')}
            onChange={(value) => onChange({ ...condition, value })}
          />
        </Stack>
      );
    case 'loyalty_tier':
      return (
        <TierPick
          label={label}
          value={condition.in}
          onChange={(value) => onChange({ ...condition, in: value })}
        />
      );
    case 'point_balance':
      return (
        <NumberRangeEditor
          label={label}
          max={1_000_000_000}
          value={condition}
          onChange={(range) => onChange({ field: 'point_balance', ...range })}
        />
      );
    case 'receipts':
      return <ReceiptsEditor condition={condition} onChange={onChange} />;
    case 'is_parent':
    case 'has_vehicle':
    case 'is_developer':
      return (
        <YesNo
          label={label}
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
        />
      );
  }
}

type BuilderProps = {
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** The live count of the finished conditions, shown beside the actions. */
  summary?: ReactNode;
  /** The heading, already translated; 'Müşteri filtresi' by default. */
  title?: string;
  /** What an empty builder says, already translated; by default that every customer is listed. */
  emptyText?: string;
};

/**
 * The segment filter of contracts' segment.ts as rows of conditions: add any kind, edit it in place,
 * remove it, and choose whether all or any of them must hold.
 */
export function SegmentFilterBuilder({ draft, onChange, summary, title, emptyText }: BuilderProps) {
  const { t } = useTranslation('customers');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const chosen = (field: 'province' | 'district') =>
    draft.conditions.flatMap(({ condition }) => (condition.field === field ? condition.in : []));
  const places = usePlaceOptions(chosen('province'), chosen('district'));

  const add = (kind: ConditionKind) => {
    setMenu(null);
    onChange({ ...draft, conditions: [...draft.conditions, draftCondition(blankCondition(kind))] });
  };
  const change = (id: string, condition: SegmentCondition) =>
    onChange({
      ...draft,
      conditions: draft.conditions.map((item) => (item.id === id ? { ...item, condition } : item)),
    });
  const remove = (id: string) =>
    onChange({ ...draft, conditions: draft.conditions.filter((item) => item.id !== id) });

  return (
    <Stack spacing={2} component="section" aria-label={title ?? t('filter.title')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {title ?? t('filter.title')}
        </Typography>
        {draft.conditions.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label={t('filter.match')}
            value={draft.match}
            onChange={(_, match: Match | null) => match && onChange({ ...draft, match })}
          >
            <ToggleButton value="and">{t('filter.matchAll')}</ToggleButton>
            <ToggleButton value="or">{t('filter.matchAny')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        <Box sx={{ flex: 1 }} />
        {summary}
      </Stack>

      {draft.conditions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText ?? t('filter.none')}
        </Typography>
      ) : (
        <Stack spacing={1.5} divider={<Divider flexItem />}>
          {draft.conditions.map((item: DraftCondition, index) => {
            const problem = problemOf(item.condition);
            return (
              <Box
                key={item.id}
                data-testid="filter-condition"
                sx={{
                  display: 'grid',
                  columnGap: 2,
                  rowGap: 1,
                  alignItems: 'center',
                  // On a phone the editor takes its own line under the name and the remove button.
                  gridTemplateColumns: { xs: '1fr auto', md: '220px 1fr auto' },
                  gridTemplateAreas: { xs: '"label remove" "editor editor"', md: '"label editor remove"' },
                }}
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ gridArea: 'label', alignItems: 'center', minWidth: 0 }}
                >
                  <Typography variant="caption" color="text.secondary" sx={{ width: 44, flexShrink: 0 }}>
                    {index === 0 ? t('filter.where') : t(draft.match === 'and' ? 'filter.and' : 'filter.or')}
                  </Typography>
                  <Typography variant="subtitle2">{t(`filter.kinds.${item.condition.field}`)}</Typography>
                </Stack>
                <Box sx={{ gridArea: 'editor', minWidth: 0 }}>
                  <ConditionEditor
                    condition={item.condition}
                    places={places}
                    onChange={(condition) => change(item.id, condition)}
                  />
                  {problem && problem !== 'empty' && (
                    <Typography variant="caption" color="error" role="alert">
                      {t(`filter.problems.${problem}`)}
                    </Typography>
                  )}
                </Box>
                <Tooltip title={t('filter.remove')}>
                  <IconButton
                    aria-label={`${t('filter.remove')}: ${t(`filter.kinds.${item.condition.field}`)}`}
                    onClick={() => remove(item.id)}
                    sx={{ gridArea: 'remove' }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
        </Stack>
      )}

      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<AddIcon />}
          onClick={(event) => setMenu(event.currentTarget)}
          aria-haspopup="menu"
        >
          {t('filter.add')}
        </Button>
        {draft.conditions.length > 0 && (
          <Button
            color="inherit"
            startIcon={<FilterAltOffOutlinedIcon />}
            onClick={() => onChange({ match: 'and', conditions: [] })}
          >
            {t('filter.clear')}
          </Button>
        )}
      </Stack>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menuGroups.flatMap((group) => [
          <ListSubheader key={group.key}>{t(`filter.groups.${group.key}`)}</ListSubheader>,
          ...group.kinds.map((kind) => (
            <MenuItem key={kind} onClick={() => add(kind)}>
              {t(`filter.kinds.${kind}`)}
            </MenuItem>
          )),
        ])}
      </Menu>
    </Stack>
  );
}
